import type { ProductFamily } from '@meltway/shared/catalogue/limits';
import { commonMessages } from '@meltway/shared/common/messages';
import { type InstallerOut, type InstallerProfileInput, type InstallerProfileOut, type InstallerSearchQuery, POSTAL_AREAS_ATTRIBUTION, RADIUS_KM } from '@meltway/shared/installers/installer.schema';
import { installersMessages as m } from '@meltway/shared/installers/messages';
import { fsaOf } from '@meltway/shared/installers/postal-code';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { FieldError, ForbiddenError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import { currentCertificationsOf, type CurrentCertification } from '../academy/certificates.service.js';
import { boundingBox, type Centroid, centroidOf, distanceKm } from './postal-areas.js';
import * as repo from './installers.repo.js';

const toProfileOut = (p: repo.InstallerProfileRow): InstallerProfileOut => ({
  companyName: p.companyName,
  descriptionEn: p.descriptionEn,
  descriptionFr: p.descriptionFr,
  postalCode: p.postalCode,
  radiusKm: p.radiusKm,
  productFamilies: [...p.productFamilies],
  capacityPerMonth: p.capacityPerMonth,
  visible: p.visible,
});

/** The centroid of a postal code's area; a code whose area the table does not have is a 400 naming `postalCode`. */
function centroidOfPostalCode(postalCode: string): Centroid {
  const centroid = centroidOf(fsaOf(postalCode));
  if (!centroid) throw new FieldError('postalCode', m.postalCodeUnknown);
  return centroid;
}

/** Whether a certification qualifies for `family`: one that names no family qualifies for all. */
const qualifies = (c: CurrentCertification, family: ProductFamily) => c.productFamilies.length === 0 || c.productFamilies.includes(family);

/** The signed-in contractor's installer profile, or null before its first save. */
export async function getProfile(ctx: Ctx) {
  const profile = await repo.findProfile(ctx.db, actor(ctx).id);
  return profile ? toProfileOut(profile) : null;
}

/**
 * Saves the signed-in contractor's profile. It needs a valid certification (403 `installers.notCertified`), and one
 * that qualifies for each family it names; the base's FSA centroid is copied beside it for the search.
 */
export async function saveProfile(ctx: Ctx, input: z.output<typeof InstallerProfileInput>) {
  const contractorId = actor(ctx).id;
  const held = (await currentCertificationsOf(ctx, [contractorId])).get(contractorId) ?? [];
  if (!held.length) throw new ForbiddenError(m.notCertified);
  const uncertified = input.productFamilies.find((family) => !held.some((c) => qualifies(c, family)));
  if (uncertified) throw new FieldError('productFamilies', m.familyNotCertified, { family: uncertified });
  const { latitude, longitude } = centroidOfPostalCode(input.postalCode);
  const values = { ...input, fsa: fsaOf(input.postalCode), latitude, longitude };
  return toProfileOut(await repo.saveProfile(ctx.db, contractorId, values, ctx.now));
}

type Candidate = Awaited<ReturnType<typeof repo.profilesInBox>>[number];

/** A candidate as the search lists it, if it covers the point and holds a certification for the family asked. */
function listed(c: Candidate, point: Centroid, held: CurrentCertification[], family: ProductFamily | undefined): InstallerOut | null {
  const distance = distanceKm(point, c);
  if (distance > c.radiusKm) return null;
  if (family && c.productFamilies.length > 0 && !c.productFamilies.includes(family)) return null;
  const certifications = family ? held.filter((h) => qualifies(h, family)) : held;
  if (!certifications.length) return null;
  return {
    id: c.id,
    companyName: c.companyName,
    distanceKm: Math.round(distance * 10) / 10,
    certifications: certifications.map((h) => ({ name: h.name, validUntil: h.validUntil?.toISOString() ?? null })),
    dealer: { id: c.dealerId, name: c.dealerName },
  };
}

/**
 * Certified installers whose service area covers the postal code's area centroid, nearest first: visible profiles of
 * approved contractors holding a valid certification that qualifies for `family` (none asked: any). The index narrows
 * them to a box of the largest radius around the point; the exact great-circle distance decides.
 */
export async function searchInstallers(ctx: Ctx, query: z.output<typeof InstallerSearchQuery>) {
  await enforceLimit(ctx.limiter, `installer-search:ip:${ctx.ip}`, ctx.limits.installerSearchPerIp, commonMessages.rateLimited);
  const point = centroidOfPostalCode(query.postalCode);
  const candidates = await repo.profilesInBox(ctx.db, boundingBox(point, RADIUS_KM.max));
  const held = await currentCertificationsOf(ctx, candidates.map((c) => c.contractorId));
  const items = candidates
    .map((c) => listed(c, point, held.get(c.contractorId) ?? [], query.family))
    .filter((item): item is InstallerOut => item !== null)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.companyName.localeCompare(b.companyName, 'en') || a.id.localeCompare(b.id));
  return { items, attribution: POSTAL_AREAS_ATTRIBUTION };
}
