import { lazy } from 'react';
import { definePlugin, type RouteContribution } from '@bastion/sdk';
import { FLOWS_PATH, REQUEST_ASSET_PATH, TICKETS_PATH, TYPED_SEGMENTS } from './paths';

const VIEW_TICKET = ['tickets.view_ticket'];
const VIEW_FLOW = ['tickets.view_ticketflow'];

// Every page is its own chunk: the list, the request form, the detail and the flow pages.
const TicketListPage = lazy(() => import('./TicketListPage'));
const RequestAssetPermPage = lazy(() => import('./RequestAssetPermPage'));
const TicketDetailPage = lazy(() => import('./TicketDetailPage'));
const FlowListPage = lazy(() => import('./flows').then((m) => ({ default: m.FlowListPage })));
const FlowFormPage = lazy(() => import('./flows').then((m) => ({ default: m.FlowFormPage })));
const FlowDetailPage = lazy(() => import('./flows').then((m) => ({ default: m.FlowDetailPage })));

/** Every page of the area: licence only, no organization selector (tickets work across organizations). */
const page = (route: RouteContribution): RouteContribution => ({
  licenseRequired: true,
  hideOrganization: true,
  ...route,
});

const DETAIL_TITLES: Readonly<Record<string, string>> = {
  'request-asset-perm': 'route.assetTicket',
  'request-application-perm': 'route.applicationTicket',
  'login-asset-confirm': 'route.loginAssetTicket',
  'login-confirm': 'route.loginTicket',
  'command-confirm': 'route.commandTicket',
};

// `/tickets` (the navbar's "Tickets" link) is the host's view index: it opens the view's first menu entry,
// the ticket list, whose default tab is "Assigned to me" (what the link's badge counts). No route of our own
// there, so no extra tab in the visited-view bar for a mere redirect.
const tickets: RouteContribution[] = [
  // Not kept alive: states change under the list (approvals by others), it reloads whenever it is shown.
  page({
    path: TICKETS_PATH,
    view: 'tickets',
    title: 'route.tickets',
    noCache: true,
    permissions: VIEW_TICKET,
    component: TicketListPage,
  }),
  page({
    path: `${REQUEST_ASSET_PATH}/create`,
    view: 'tickets',
    title: 'route.requestAsset',
    hidden: true,
    noCache: true,
    permissions: VIEW_TICKET,
    component: RequestAssetPermPage,
  }),
  ...Object.keys(TYPED_SEGMENTS).map((type) => {
    const segment = TYPED_SEGMENTS[type]!;
    return page({
      path: `/tickets/${segment}/:id`,
      view: 'tickets',
      title: DETAIL_TITLES[segment] ?? 'route.ticket',
      hidden: true,
      noCache: true,
      permissions: VIEW_TICKET,
      component: TicketDetailPage,
    });
  }),
  // Generic detail: sends typed tickets to their own route, shows the others (e.g. general) in place.
  page({
    path: '/tickets/:id',
    view: 'tickets',
    title: 'route.ticket',
    hidden: true,
    noCache: true,
    permissions: VIEW_TICKET,
    component: TicketDetailPage,
  }),
];

const flows: RouteContribution[] = [
  page({
    path: FLOWS_PATH,
    view: 'tickets',
    title: 'route.flows',
    permissions: VIEW_FLOW,
    component: FlowListPage,
  }),
  page({
    path: `${FLOWS_PATH}/create`,
    view: 'tickets',
    title: 'route.flowCreate',
    hidden: true,
    noCache: true,
    permissions: ['tickets.add_ticketflow'],
    component: FlowFormPage,
  }),
  page({
    path: `${FLOWS_PATH}/:id/update`,
    view: 'tickets',
    title: 'route.flowUpdate',
    hidden: true,
    noCache: true,
    permissions: ['tickets.change_ticketflow'],
    component: FlowFormPage,
  }),
  page({
    path: `${FLOWS_PATH}/:id`,
    view: 'tickets',
    title: 'route.flowDetail',
    hidden: true,
    noCache: true,
    permissions: VIEW_FLOW,
    component: FlowDetailPage,
  }),
];

export default definePlugin({
  id: 'tickets',
  i18nNamespace: 'tickets',
  routes: [...tickets, ...flows],
  menus: [
    {
      id: 'tickets',
      title: 'menu.tickets',
      icon: 'pi pi-ticket',
      path: TICKETS_PATH,
      order: 10,
      permissions: VIEW_TICKET,
      licenseRequired: true,
    },
    {
      id: 'ticket-flows',
      title: 'menu.flows',
      icon: 'pi pi-sitemap',
      path: FLOWS_PATH,
      order: 20,
      permissions: VIEW_FLOW,
      licenseRequired: true,
    },
  ],
});
