import { randomUUID } from 'node:crypto';
import { describeBody } from './graph-templates.js';
import type { ChatappPlatform, PlatformTemplate } from './types.js';

/**
 * The offline platform of the embedded default: needs no account and no network. Every send is
 * accepted at once (the module records it in the conversation like any other); the customer's
 * side is played through the simulate routes. Its templates cover each kind the API handles.
 */
const SIMULATED_TEMPLATES: Array<
  Omit<PlatformTemplate, 'bodyText' | 'variables' | 'headerFormat' | 'headerVariables' | 'buttonVariables'> & { body: string }
> = [
  {
    platformId: 'sim-appointment-reminder',
    name: 'appointment_reminder',
    language: 'en',
    category: 'utility',
    status: 'approved',
    parameterFormat: 'positional',
    isCallPermission: false,
    body: 'Hi {{1}}, this is a reminder for your appointment on {{2}} at {{3}}. Reply YES to confirm or NO to reschedule.',
  },
  {
    platformId: 'sim-welcome-message',
    name: 'welcome_message',
    language: 'en',
    category: 'marketing',
    status: 'approved',
    parameterFormat: 'positional',
    isCallPermission: false,
    body: "Welcome! We're excited to have you. How can we help you today?",
  },
  {
    platformId: 'sim-voice-call-request',
    name: 'voice_call_request',
    language: 'en',
    category: 'utility',
    status: 'approved',
    parameterFormat: 'named',
    isCallPermission: true,
    body: 'Hi {{first_name}}, we would like to call you to help with your request. Is that okay?',
  },
  {
    platformId: 'sim-order-update',
    name: 'order_update',
    language: 'en',
    category: 'utility',
    status: 'pending',
    parameterFormat: 'named',
    isCallPermission: false,
    body: 'Your order {{order_number}} has shipped.',
  },
];

export function createSimulatorPlatform(): ChatappPlatform {
  const accepted = async () => ({ platformMessageId: `sim.${randomUUID()}` });
  return {
    verifyNumber: async () => null,
    async listTemplates() {
      return SIMULATED_TEMPLATES.map(({ body, ...template }) => ({
        ...template,
        ...describeBody(body, template.parameterFormat),
        headerFormat: null,
        headerVariables: [],
        buttonVariables: [],
      }));
    },
    sendText: accepted,
    sendMedia: accepted,
    sendTemplate: accepted,
    sendCallPermissionRequest: accepted,
    // The simulator keeps no state of its own: the module's records are the whole truth.
    getCallPermission: async () => null,
    // The simulator's customers send no files.
    mediaLocation: async () => null,
    getNumberState: async () => null,
  };
}
