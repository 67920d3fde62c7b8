import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { Ctx } from '../../lib/ctx.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import { maskBanking } from './banking.js';
import * as repo from './users.repo.js';
import type { ShownUserRow } from './users.repo.js';

/** Where a dealer's private void cheque is read, by the dealer itself or an admin. */
const voidChequeUrl = (userId: string) => `/api/v1/users/${userId}/void-cheque`;

/** Maps a stored user to what the API shows; never the hash, never a token, never a whole bank number. */
export function toUserOut(row: ShownUserRow, dealerName: string | null = null): UserOut {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    image: row.image,
    voidCheque: row.voidCheque ? voidChequeUrl(row.id) : null,
    role: row.role,
    status: row.status,
    address: row.address,
    phone: row.phone,
    phoneCode: row.phoneCode,
    logo: row.logo,
    created_at: row.createdAt.toISOString(),
    dealerData: row.role === 'dealer' ? maskBanking(row.dealerData ?? null) : null,
    contractorData:
      row.role === 'contractor' && row.dealerId
        ? {
            companyName: row.companyName ?? '',
            licenseNumber: row.licenseNumber ?? '',
            contractorType: row.contractorType ?? 'Landscape Contractor',
            servicesOffered: row.servicesOffered ?? {
              consultations: false,
              permitApplications: false,
              systemInstallation: false,
              heatedPavement: false,
              heatedMats: false,
              systemRepairs: false,
              generalMaintenance: false,
            },
            contractorBN: row.contractorBN,
            TIN: row.tin,
            labourWarrantyPeriod: row.labourWarrantyPeriod ?? 0,
            dealerId: row.dealerId,
            dealerName,
          }
        : null,
  };
}

/** Dealer names by id, under the users version: any process's write to users retires them. */
const dealerNameCache = cachePerDatabase<string | null>('dealer-names', 30_000, 10_000);

/** The names of the dealers these users chose, read from the database only for those not known yet. */
async function dealerNamesOf({ db, versions }: Ctx, rows: ShownUserRow[]) {
  const seq = versions.version('users');
  const names = dealerNameCache(db);
  const ids = [...new Set(rows.flatMap((r) => (r.dealerId ? [r.dealerId] : [])))];
  const missing = ids.filter((id) => names.get(`${seq}:${id}`) === undefined);
  if (missing.length) {
    const found = await repo.dealerNames(db, missing);
    for (const id of missing) names.set(`${seq}:${id}`, found.get(id) ?? null);
  }
  return (id: string | null) => (id ? (names.get(`${seq}:${id}`) ?? null) : null);
}

/** Users as the API shows them, each with the name of the dealer it chose. */
export const withDealerNames = async (ctx: Ctx, rows: ShownUserRow[]) => {
  const nameOf = await dealerNamesOf(ctx, rows);
  return rows.map((r) => toUserOut(r, nameOf(r.dealerId)));
};

/** One user as the API shows it, with the name of the dealer it chose. */
export const userOut = async (ctx: Ctx, row: ShownUserRow) => (await withDealerNames(ctx, [row]))[0]!;
