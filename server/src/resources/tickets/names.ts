/** Resource names and the one link table other modules of the area read, named once. */
export const TICKET = 'tickets.ticket';
export const COMMENT = 'tickets.comment';
export const FLOW = 'tickets.ticketflow';

/** The assignees of every step reached so far (visibility, `assignees__id`): Ticket.assignees' table. */
export const TICKET_ASSIGNEES = { table: 'tickets_ticket_assignees', ticket: 'ticket_id', user: 'user_id' };
/** Ticket.applicant's column, for the comments' visibility subquery. */
export const TICKET_TABLE = { table: 'tickets_ticket', applicant: 'applicant_id' };
