import {
  LAZY_API_PATHS,
  CreateOperatorInputSchema,
  dataEnvelope,
  EnrolmentCompleteInputSchema,
  EnrolmentOfferSchema,
  EnrolmentStartInputSchema,
  OperatorIdParamsSchema,
  OperatorInvitationSchema,
  OperatorSchema,
} from '@colorplay/contract';
import { z } from 'zod';
import { doc, errors, originOf, type AdminRouteKit } from './route-kit';

/** Operators: the list, creation by enrolment link, the enrolment itself, countersigning and disabling one. */
export function operatorRoutes({ app, admin, guard, requireCsrfHeader }: AdminRouteKit): void {
  app.get(
    LAZY_API_PATHS.admin_operators,
    { ...guard('operators.manage'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(OperatorSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.listOperators() } }),
  );

  app.post(
    LAZY_API_PATHS.admin_operators,
    {
      ...guard('operators.manage'),
      schema: {
        ...doc,
        description: 'Creates an operator who enrols through a one-time link (shown once): the creator never sees their password or TOTP secret.',
        body: CreateOperatorInputSchema,
        response: { 200: dataEnvelope(OperatorInvitationSchema), ...errors },
      },
    },
    async (request) => ({ data: await admin.inviteOperator(request.body, { operator: request.operator, origin: originOf(request) }) }),
  );

  // Enrolment: no session (the link's token is the credential), the CSRF header as on every write.
  app.post(
    LAZY_API_PATHS.admin_enrolment_start,
    {
      preHandler: async (request) => requireCsrfHeader(request),
      schema: { ...doc, description: 'Opens an enrolment link: offers the new operator their own TOTP secret.', body: EnrolmentStartInputSchema, response: { 200: dataEnvelope(EnrolmentOfferSchema), ...errors } },
    },
    async (request) => ({ data: await admin.startEnrolment(request.body.token, originOf(request)) }),
  );

  app.post(
    LAZY_API_PATHS.admin_enrolment_complete,
    {
      preHandler: async (request) => requireCsrfHeader(request),
      schema: { ...doc, description: 'Confirms a code from the offered secret and sets the password; the link is then spent.', body: EnrolmentCompleteInputSchema, response: { 200: dataEnvelope(OperatorSchema), ...errors } },
    },
    async (request) => ({ data: await admin.completeEnrolment(request.body, originOf(request)) }),
  );

  app.post(
    LAZY_API_PATHS.admin_operator_disable,
    { ...guard('operators.manage'), schema: { ...doc, params: OperatorIdParamsSchema, response: { 200: dataEnvelope(OperatorSchema), ...errors } } },
    async (request) => ({ data: await admin.disableOperator(request.params.operatorId, request.operator, originOf(request)) }),
  );

  app.post(
    LAZY_API_PATHS.admin_operator_countersign,
    {
      ...guard('operators.manage'),
      schema: {
        ...doc,
        description: 'An admin of another origin than its creator vouches for an enrolled admin or finance operator made in the console: only then may it move money (decision 395).',
        params: OperatorIdParamsSchema,
        response: { 200: dataEnvelope(OperatorSchema), ...errors },
      },
    },
    async (request) => ({ data: await admin.countersignOperator(request.params.operatorId, request.operator, originOf(request)) }),
  );
}
