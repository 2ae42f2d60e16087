import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { setUnauthenticatedHandler } from './api/client.js';
import { BASE_PATH, currentReturnPath, safeReturnPath } from './api/return-path.js';
import { readSession } from './api/session.js';
import { queryClient } from './query-client.js';
import { currentUserQuery } from './api/queries.js';
import { AppShellLayout } from './shell/app-shell.js';
import { SignInPage } from './pages/sign-in-page.js';
import { NotFoundPage } from './pages/not-found-page.js';

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): { redirect?: string; error?: string } => {
    const back = safeReturnPath(search.redirect);
    // Why single sign-on failed, as the server put it (shown as text).
    const error = typeof search.error === 'string' && search.error ? search.error.slice(0, 500) : undefined;
    return { ...(back ? { redirect: back } : {}), ...(error ? { error } : {}) };
  },
  component: SignInPage,
});

/** An invitation link (`/app/invitations/<token>`), opened by someone who has no account yet. */
const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invitations/$token',
  component: lazyRouteComponent(() => import('./pages/invitation-page.js'), 'InvitationPage'),
});

/** Every page but sign-in and invitations: without a session, go to sign-in and come back here afterwards. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ location }) => {
    if (readSession()) {
      // The member's role decides what every page offers: known before the first one renders, so
      // no control appears or vanishes once it is. Read once per session (sign-out clears it). A
      // failure is left to the pages: they offer nothing role-bound, and a 401 goes to sign-in.
      await queryClient.ensureQueryData(currentUserQuery).catch(() => undefined);
      return;
    }
    const back = currentReturnPath({ pathname: location.pathname, search: location.searchStr });
    throw redirect({ to: '/sign-in', search: back === '/' ? {} : { redirect: back } });
  },
  component: AppShellLayout,
});

const indexRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/assistants' });
  },
});

/** An id in the address (?folder=12), or nothing. */
const idOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The assistants list's filters; folder is a folder's id or "none" (no folder), label a label's id. */
export type AssistantsSearch = {
  q?: string;
  status?: string;
  type?: string;
  mode?: string;
  folder?: number | 'none';
  label?: number;
};

export const assistantsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'assistants',
  validateSearch: (search: Record<string, unknown>): AssistantsSearch => {
    // The router reads ?q=42 as a number: a search is text all the same.
    const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' && value ? value : undefined);
    const values = {
      q: text(search.q),
      status: text(search.status),
      type: text(search.type),
      mode: text(search.mode),
      folder: search.folder === 'none' ? ('none' as const) : idOf(search.folder),
      label: idOf(search.label),
    };
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  },
  component: lazyRouteComponent(() => import('./pages/assistants/assistants-page.js'), 'AssistantsPage'),
});

export const assistantEditorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'assistants/$assistantId',
  // The open group of settings (Basics when absent).
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' && search.tab ? { tab: search.tab } : {},
  params: {
    parse: (params: { assistantId: string }) => ({ assistantId: Number(params.assistantId) }),
    stringify: (params: { assistantId: number }) => ({ assistantId: String(params.assistantId) }),
  },
  component: lazyRouteComponent(() => import('./pages/assistants/assistant-editor-page.js'), 'AssistantEditorPage'),
});

const conversationsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'conversations',
  component: lazyRouteComponent(() => import('./pages/conversations/conversations-page.js'), 'ConversationsPage'),
});

const conversationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'conversations/$conversationId',
  component: lazyRouteComponent(() => import('./pages/conversations/conversation-page.js'), 'ConversationPage'),
});

/**
 * The calls list's filters and page, in the address so that coming back to the list keeps them.
 * `call` is the older link to one call (?call=12): it goes to that call's page.
 */
export type CallsSearch = {
  assistant?: number;
  type?: string;
  status?: string;
  from?: string;
  to?: string;
  page?: number;
  call?: number;
};

export const callsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'calls',
  validateSearch: (search: Record<string, unknown>): CallsSearch => {
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    const page = Number(search.page);
    const values = {
      assistant: idOf(search.assistant),
      type: text(search.type),
      status: text(search.status),
      from: text(search.from),
      to: text(search.to),
      page: Number.isInteger(page) && page > 1 ? page : undefined,
      call: idOf(search.call),
    };
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  },
  beforeLoad: ({ search }) => {
    if (search.call) throw redirect({ to: '/calls/$callId', params: { callId: search.call }, replace: true });
  },
  component: lazyRouteComponent(() => import('./pages/calls/calls-page.js'), 'CallsPage'),
});

const callRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'calls/$callId',
  params: {
    parse: (params: { callId: string }) => ({ callId: Number(params.callId) }),
    stringify: (params: { callId: number }) => ({ callId: String(params.callId) }),
  },
  component: lazyRouteComponent(() => import('./pages/calls/call-page.js'), 'CallPage'),
});

const campaignsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'campaigns',
  component: lazyRouteComponent(() => import('./pages/campaigns/campaigns-page.js'), 'CampaignsPage'),
});

const doNotCallRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'campaigns/do-not-call',
  component: lazyRouteComponent(() => import('./pages/campaigns/do-not-call-page.js'), 'DoNotCallPage'),
});

export const campaignRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'campaigns/$campaignId',
  params: {
    parse: (params: { campaignId: string }) => ({ campaignId: Number(params.campaignId) }),
    stringify: (params: { campaignId: number }) => ({ campaignId: String(params.campaignId) }),
  },
  component: lazyRouteComponent(() => import('./pages/campaigns/campaign-page.js'), 'CampaignPage'),
});

const knowledgeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'knowledge',
  component: lazyRouteComponent(() => import('./pages/knowledge/knowledge-page.js'), 'KnowledgePage'),
});

const webhooksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'webhooks',
  component: lazyRouteComponent(() => import('./pages/webhooks/webhooks-page.js'), 'WebhooksPage'),
});

// Lazy like every page: the charts library loads only here.
const usageRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'usage',
  component: lazyRouteComponent(() => import('./pages/usage/usage-page.js'), 'UsagePage'),
});

const chatAppsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'chat-apps',
  component: lazyRouteComponent(() => import('./pages/chat-apps/chat-apps-page.js'), 'ChatAppsPage'),
});

const chatAppRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'chat-apps/$senderId',
  params: {
    parse: (params: { senderId: string }) => ({ senderId: Number(params.senderId) }),
    stringify: (params: { senderId: number }) => ({ senderId: String(params.senderId) }),
  },
  component: lazyRouteComponent(() => import('./pages/chat-apps/chat-app-page.js'), 'ChatAppPage'),
});

const phoneNumbersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'phone-numbers',
  component: lazyRouteComponent(() => import('./pages/phone-numbers/phone-numbers-page.js'), 'PhoneNumbersPage'),
});

const toolsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'tools',
  component: lazyRouteComponent(() => import('./pages/tools/tools-page.js'), 'ToolsPage'),
});

const newToolRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'tools/new',
  component: lazyRouteComponent(() => import('./pages/tools/tool-editor-page.js'), 'NewToolPage'),
});

const toolRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'tools/$toolId',
  params: {
    parse: (params: { toolId: string }) => ({ toolId: Number(params.toolId) }),
    stringify: (params: { toolId: number }) => ({ toolId: String(params.toolId) }),
  },
  component: lazyRouteComponent(() => import('./pages/tools/tool-editor-page.js'), 'ToolEditorPage'),
});

const groupsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'folders-labels',
  component: lazyRouteComponent(() => import('./pages/groups/groups-page.js'), 'GroupsPage'),
});

const teamRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'team',
  component: lazyRouteComponent(() => import('./pages/team/team-page.js'), 'TeamPage'),
});

const auditLogRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'audit-log',
  component: lazyRouteComponent(() => import('./pages/audit/audit-log-page.js'), 'AuditLogPage'),
});

export const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'account',
  component: lazyRouteComponent(() => import('./pages/account/account-page.js'), 'AccountPage'),
});

const operatorRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'operator',
  component: lazyRouteComponent(() => import('./pages/operator/operator-page.js'), 'OperatorPage'),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'keys',
  component: lazyRouteComponent(() => import('./pages/account/account-page.js'), 'ApiKeysPage'),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  invitationRoute,
  signedInRoute.addChildren([
    indexRoute,
    assistantsRoute,
    assistantEditorRoute,
    conversationsRoute,
    conversationRoute,
    callsRoute,
    callRoute,
    campaignsRoute,
    doNotCallRoute,
    campaignRoute,
    knowledgeRoute,
    chatAppsRoute,
    chatAppRoute,
    phoneNumbersRoute,
    toolsRoute,
    newToolRoute,
    toolRoute,
    groupsRoute,
    webhooksRoute,
    usageRoute,
    teamRoute,
    auditLogRoute,
    accountRoute,
    operatorRoute,
    apiKeysRoute,
  ]),
]);

export const router = createRouter({ routeTree, basepath: BASE_PATH, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A session that ended (expired, signed out elsewhere, key revoked): sign in again, then come back.
setUnauthenticatedHandler(() => {
  queryClient.clear();
  const back = currentReturnPath(window.location);
  void router.navigate({ to: '/sign-in', search: { redirect: safeReturnPath(back) } });
});
