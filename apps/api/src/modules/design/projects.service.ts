import { productSlug } from '@meltway/shared/catalogue/product.schema';
import type { DesignInputParsed, DesignResult } from '@meltway/shared/design/design.schema';
import { designMessages as m } from '@meltway/shared/design/messages';
import type {
  CreateDesignInput,
  DesignCartInput,
  DesignCartOut,
  DesignListQuery,
  DesignProject,
  DesignSummary,
  ProjectStatus,
  UpdateDesignInput,
} from '@meltway/shared/design/project.schema';
import { isShort, shortfall, stockLines } from '@meltway/shared/design/stock-short';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { AppError, BadRequestError, ConflictError, FieldError, NotFoundError } from '../../lib/errors.js';
import { removeFiles } from '../../lib/stored-files.js';
import { designProducts } from '../catalogue/products.service.js';
import { getCart, mergeCart } from '../cart-checkout/cart.service.js';
import { designCatalogue, runEngine } from './design.service.js';
import { judgedInstallation, missingForInspection, nextStatus } from './inspection.js';
import { permitPackPdf } from './permit-pack/index.js';
import * as repo from './projects.repo.js';
import * as tracking from './tracking.repo.js';
import type { Language } from '@meltway/shared/common/language';

/** What a caller wants with a project: to read it, to change it (owner or admin), or to act as its owner. */
type Access = 'read' | 'write' | 'own';

const iso = (d: Date) => d.toISOString();

/**
 * The project, if the caller may `access` it: its owner always; an admin to read and change; its owner's dealer to
 * read a shared one. Anyone else is told it does not exist.
 */
export async function projectFor(ctx: Ctx, id: string, access: Access): Promise<repo.DesignWithOwner> {
  const me = actor(ctx);
  const row = await repo.findDesign(ctx.db, id);
  const own = !!row && row.design.ownerId === me.id;
  const allowed =
    own ||
    (access !== 'own' && me.role === 'admin') ||
    (access === 'read' && me.role === 'dealer' && !!row?.design.shared && row.ownerDealerId === me.id);
  if (!row || !allowed) throw new NotFoundError(m.designNotFound);
  return row;
}

/** Designs on the live catalogue: a saved result is always the server's own. */
const design = async (ctx: Ctx, input: DesignInputParsed) => runEngine(ctx, input, await designProducts(ctx), ['input']);

/** The figures a project's list shows, from its result. */
const figures = (result: DesignResult) => ({ areaM2: result.totals.areaM2, watts: Math.round(result.totals.watts), priceCents: result.totals.priceCents });

/** A project as its page shows it: the design, its units, the installer's readings and photos, and what inspection still needs. */
async function presentProject(ctx: Ctx, row: repo.DesignWithOwner): Promise<DesignProject> {
  const me = actor(ctx);
  const d = row.design;
  const [rows, photos, catalogue] = await Promise.all([tracking.readingsOf(ctx.db, d.id), tracking.photosOf(ctx.db, d.id), designCatalogue(ctx)]);
  const { units, readings } = judgedInstallation(rows, d.result, catalogue);
  const status = d.status as ProjectStatus;
  return {
    id: d.id,
    name: d.name,
    status,
    shared: d.shared,
    ownerName: row.ownerName,
    ownerRole: row.ownerRole,
    areaM2: d.areaM2,
    watts: d.watts,
    priceCents: d.priceCents,
    updatedAt: iso(d.updatedAt),
    createdAt: iso(d.createdAt),
    editable: d.ownerId === me.id || me.role === 'admin',
    orderable: d.ownerId === me.id,
    input: d.input,
    result: d.result,
    units,
    readings,
    photos: photos.map((p) => ({ id: p.id, url: p.path, createdAt: iso(p.createdAt) })),
    missing: missingForInspection({ status, units, readings, photoCount: photos.length }),
    siteAddress: d.siteAddress,
    siteOwner: d.siteOwner,
    installerCompany: d.installerCompany,
    installerLicence: d.installerLicence,
  };
}

/** One project the caller may read, or 404. */
export async function getProject(ctx: Ctx, id: string) {
  return presentProject(ctx, await projectFor(ctx, id, 'read'));
}

/** The caller's projects, most recently saved first: a dealer's also include its contractors' shared ones, an admin's everybody's. */
export async function listProjects(ctx: Ctx, query: z.output<typeof DesignListQuery>): Promise<{ items: DesignSummary[]; total: number }> {
  const me = actor(ctx);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const scope: repo.DesignScope = me.role === 'admin' ? { all: true } : me.role === 'dealer' ? { ownerId: me.id, dealerId: me.id } : { ownerId: me.id };
  const [rows, total] = await Promise.all([repo.pageDesigns(ctx.db, scope, (page - 1) * pageSize, pageSize), repo.countDesigns(ctx.db, scope)]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status as ProjectStatus,
      shared: r.shared,
      ownerName: r.ownerName,
      ownerRole: r.ownerRole,
      areaM2: r.areaM2,
      watts: r.watts,
      priceCents: r.priceCents,
      updatedAt: iso(r.updatedAt),
    })),
    total,
  };
}

/** The site and installer fields the input gives (a field left out stays as it is). */
const siteOf = (input: z.output<typeof UpdateDesignInput>) => ({
  ...(input.siteAddress !== undefined ? { siteAddress: input.siteAddress } : {}),
  ...(input.siteOwner !== undefined ? { siteOwner: input.siteOwner } : {}),
  ...(input.installerCompany !== undefined ? { installerCompany: input.installerCompany } : {}),
  ...(input.installerLicence !== undefined ? { installerLicence: input.installerLicence } : {}),
});

/** Saves a new project of the caller's, designed on the live catalogue. */
export async function createProject(ctx: Ctx, input: z.output<typeof CreateDesignInput>) {
  const result = await design(ctx, input.input);
  const { id } = await repo.insertDesign(ctx.db, { ownerId: actor(ctx).id, name: input.name, input: input.input, result, ...figures(result), ...siteOf(input) });
  return getProject(ctx, id);
}

/**
 * Renames, redesigns (on the live catalogue), changes its site and installer, shares or moves a project one status
 * forward. Only a contractor's project can be shared (with its dealer); `inspected` needs nothing missing (409
 * otherwise: every unit's readings before and after the pour passing, a photo). The status is checked and moved under
 * the project's lock, which readings and photos take too, so what inspection checked is what it stays on.
 */
export async function updateProject(ctx: Ctx, id: string, input: z.output<typeof UpdateDesignInput>) {
  const row = await projectFor(ctx, id, 'write');
  if (input.shared && !(row.ownerRole === 'contractor' && row.ownerDealerId)) throw new FieldError('shared', m.shareNoDealer);
  const result = input.input ? await design(ctx, input.input) : undefined;
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockDesign(tx, id);
    if (!locked) throw new NotFoundError(m.designNotFound);
    const from = locked.status as ProjectStatus;
    if (input.status && input.status !== from) {
      if (input.status !== nextStatus(from)) throw new FieldError('status', m.statusNotNext);
      if (input.status === 'inspected') {
        const [rows, photoCount, catalogue] = await Promise.all([tracking.readingsOf(tx, id), tracking.countPhotos(tx, id), designCatalogue(ctx)]);
        const { units, readings } = judgedInstallation(rows, result ?? row.design.result, catalogue);
        const missing = missingForInspection({ status: from, units, readings, photoCount });
        if (missing.length) {
          throw new ConflictError(m.inspectionIncomplete, 'status', { from, to: input.status, count: missing.length, missing: missing.map((x) => x.text).join('; ') });
        }
      }
    }
    await repo.updateDesign(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.shared !== undefined ? { shared: input.shared } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...siteOf(input),
      ...(input.input && result ? { input: input.input, result, ...figures(result) } : {}),
    });
  });
  return getProject(ctx, id);
}

/** Deletes a project with its readings and photos (and the photos' files). */
export async function deleteProject(ctx: Ctx, id: string) {
  await projectFor(ctx, id, 'write');
  // Under the project's lock: a photo added meanwhile is either in the list or refused.
  const photos = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockDesign(tx, id))) throw new NotFoundError(m.designNotFound);
    const paths = (await tracking.photosOf(tx, id)).map((p) => p.path);
    await repo.deleteDesign(tx, id);
    return paths;
  });
  await removeFiles(ctx.storage, photos);
}

/**
 * Adds the project's whole bill of materials, designed again at live prices and stock, to its owner's cart through
 * the cart's own rules: quantities add to what the cart holds, never past the stock. When the stock cannot take a
 * line on top of what the cart holds, nothing is added and the answer (409 `design.stockShort`) names each short
 * line; with `partial` each line goes in up to what the stock leaves, and the answer names the lines still short.
 */
export async function addProjectToCart(ctx: Ctx, id: string, input: z.output<typeof DesignCartInput>): Promise<DesignCartOut> {
  const row = await projectFor(ctx, id, 'own');
  const { bom } = await design(ctx, row.design.input as DesignInputParsed);
  if (!bom.length) throw new BadRequestError(m.bomEmpty);
  const cart = await getCart(ctx);
  const lines = stockLines(bom, Object.fromEntries(cart.items.map((l) => [l.productId, l.quantity])));
  const short = lines.filter(isShort);
  if (short.length && !input?.partial) throw new AppError(409, m.stockShort, { params: { count: short.length, lines: short } });
  // What each line can still take: the design's quantity, less what the stock cannot hold beside the cart.
  const items = lines.map((l) => ({ productId: l.productId, quantity: shortfall(l).canAdd })).filter((i) => i.quantity > 0);
  const after = items.length ? await mergeCart(ctx, { items }) : cart;
  return { ...after, short };
}

/** The project's permit pack as PDF, in English or French, named after the project. */
export async function permitPack(ctx: Ctx, id: string, lang: Language) {
  const project = await getProject(ctx, id);
  const pdf = await permitPackPdf(project, lang);
  return { pdf, fileName: `${productSlug(project.name) || 'project'}-permit-pack.pdf` };
}
