import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddDealerInput, AdminList, ContractorList, ContractorListQuery, InviteAdminInput } from '@meltway/shared/accounts/people.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { UserIdParams, UserOut } from '@meltway/shared/accounts/user.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as people from './people.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['people'];

/** The dashboard's people: contractors, dealers created by admins, admins. */
export const peopleRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/users/contractors', {
      config: { access: accessOf('contractors.list') },
      schema: { tags, summary: 'Contractors, paged (a dealer sees its own)', querystring: ContractorListQuery, response: { 200: ContractorList, ...errors } },
      handler: (request) => people.listContractors(ctx(request), request.query),
    });

    app.get('/users/contractors/:id', {
      config: { access: accessOf('contractors.view') },
      schema: { tags, summary: "A contractor's profile", params: UserIdParams, response: { 200: UserOut, ...errors } },
      handler: (request) => people.getContractor(ctx(request), request.params.id),
    });

    app.get('/users/dealer/:id', {
      config: { access: accessOf('dealers.view') },
      schema: { tags, summary: 'A dealer with masked bank numbers', params: UserIdParams, response: { 200: UserOut, ...errors } },
      handler: (request) => people.getDealer(ctx(request), request.params.id),
    });

    app.post('/users/dealers', {
      config: { access: accessOf('dealers.create') },
      schema: { tags, summary: 'Create an approved dealer (Add Dealer wizard)', body: AddDealerInput, response: { 201: UserOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await people.createDealer(ctx(request), request.body)),
    });

    app.get('/users/admins', {
      config: { access: accessOf('admins.list') },
      schema: { tags, summary: 'Admins', response: { 200: AdminList, ...errors } },
      handler: (request) => people.listAdmins(ctx(request)),
    });

    app.post('/users/admins', {
      config: { access: accessOf('admins.invite') },
      schema: { tags, summary: 'Invite an admin by email', body: InviteAdminInput, response: { 201: UserOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await people.inviteAdmin(ctx(request), request.body)),
    });
  };
