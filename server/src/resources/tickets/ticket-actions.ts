import type { ExtraAction, ExtraActionCall, StoredRow } from '../../engine/declaration';
import type { TicketDeps } from './deps';
import { TICKET } from './names';
import { openTicket } from './ticket-open';
import { processTicket, type ProcessAction } from './ticket-process';

/**
 * `tickets.view_ticket` is all the ticket endpoints ask; who may act is decided per ticket
 * (docs/tickets.md#approval).
 */
const VIEW = ['tickets.view_ticket'];

const output = (call: ExtraActionCall, row: StoredRow) => call.resources.get(TICKET).serialize(row, call.ctx);

/** The ticket's lifecycle endpoints: open, then approve / reject / close. Bodies of the three are ignored. */
export function ticketActions(deps: TicketDeps): ExtraAction[] {
  const processing = (action: ProcessAction): ExtraAction => ({
    path: `${action}/`,
    detail: true,
    methods: ['PUT', 'PATCH'],
    permissions: VIEW,
    handler: async (call) => ({
      body: await output(
        call,
        await processTicket(deps.db, call.resources, call.ctx, String(call.id), action),
      ),
    }),
  });
  return [
    {
      path: 'open/',
      detail: false,
      methods: ['POST'],
      permissions: VIEW,
      handler: async (call) => ({
        status: 201,
        body: await output(
          call,
          await openTicket(deps.db, call.resources, call.ctx, call.query.type, call.body),
        ),
      }),
    },
    processing('approve'),
    processing('reject'),
    processing('close'),
  ];
}
