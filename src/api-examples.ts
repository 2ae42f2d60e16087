/**
 * The request examples of the API reference, by operation, for the bodies whose schema declares
 * none. They tell one story (Bread & Co, a bakery, and its customer Ana) and refer to each other
 * by the ids a fresh server gives them in the order test/openapi-examples.test.ts sends them:
 * assistant 1 with the create example's uuid, phone number 1, sender 1, its first template. That
 * test sends every request example of the document, as written, and requires each to succeed.
 */

/** The assistant of the create example, as `/api/conversations` and browser calls address it. */
export const EXAMPLE_ASSISTANT_UUID = '9b2f6c1e-4d3a-4f7b-8e21-5c0d9a7b3e44';
const CUSTOMER = '+40711222333';
const activate = { status: 'active', phone_number_id: 1, speech_speed: 1.1 };

export const REQUEST_EXAMPLES: Record<string, unknown> = {
  register: { name: 'Jane Doe', email: 'jane@example.com', password: 'correct horse battery' },
  login: { email: 'jane@example.com', password: 'correct horse battery' },
  createApiKey: { name: 'Production' },
  // Sam, who bakes the bread, joins the bakery's account (member 3) and is then made an editor.
  createInvitation: { email: 'sam@breadandco.example', role: 'viewer' },
  acceptInvitation: { name: 'Sam Baker', password: 'rye and sourdough' },
  updateMember: { role: 'editor' },
  createOperatorAccount: { email: 'orders@pastryhouse.example', name: 'Pastry House', password: 'a long password', balance: 25 },
  changeOperatorAccountBalance: { amount: 50, reason: 'Invoice 2026-014 paid' },
  suspendOperatorAccount: { reason: 'Chargeback on invoice 2026-014' },
  updateAssistant: activate,
  patchAssistant: activate,
  createFolder: { name: 'Bread & Co', color: 'orange' },
  updateFolder: { name: 'Bread & Co bakeries', color: 'amber' },
  createLabel: { name: 'Front desk', color: 'teal' },
  updateLabel: { name: 'Front desk (voice)', color: 'green' },
  enableInboundWebhook: { assistant_id: 1, webhook_url: 'https://hooks.breadandco.example/inbound-call' },
  disableInboundWebhook: { assistant_id: 1 },
  enableConversationEndedWebhook: { assistant_id: 1, webhook_url: 'https://hooks.breadandco.example/conversation-ended' },
  disableConversationEndedWebhook: { assistant_id: 1 },
  enableWebhook: { assistant_id: 1, webhook_url: 'https://hooks.breadandco.example/post-call' },
  disableWebhook: { assistant_id: 1 },
  createTool: {
    name: 'check_order_status',
    description: "Looks up an order's delivery status by its number.",
    endpoint: 'https://api.breadandco.example/orders/status',
    method: 'GET',
    timeout: 10,
    headers: [{ name: 'X-Shop-Key', value: 'shop-key-123' }],
    schema: [{ name: 'order_id', type: 'string', description: "The customer's order number" }],
  },
  updateTool: { description: "Looks up an order's delivery status and time slot by its number.", timeout: 15 },
  testTool: { arguments: { order_id: 'A-1043' } },
  createPhoneNumber: { phone_number: '+14155551234', nickname: 'Sales line' },
  updatePhoneNumber: { nickname: 'Front desk line' },
  purchasePhoneNumber: { phone_number: '+14155550101', nickname: 'Orders line', webhook_url: 'https://hooks.breadandco.example/numbers' },
  // From the number bought just before (id 2), to Ana.
  sendSms: { from: 2, to: CUSTOMER, body: 'Your order is ready for pickup at Bread & Co. See you soon!' },
  createSipTrunk: {
    sip_trunk_type: 'number',
    phone_number: '+14155550177',
    nickname: 'Bakery carrier',
    sip_username: 'breadco',
    sip_password: 'Carrier-Pass-2026',
    sip_address: 'sip.carrier.example:5060',
    sip_calling_format: '+e164',
    inbound_authorization_type: 'auth',
    country_code: 'US',
  },
  updateSipTrunk: { inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.10', '198.51.100.0/24'] },
  createKnowledgeBase: { name: 'Shop FAQ', description: 'Opening hours, deliveries and orders' },
  updateKnowledgeBase: { name: 'Shop FAQ', description: 'Opening hours, deliveries, orders and cakes' },
  createDocument: { name: 'Opening hours', type: 'website', url: 'https://breadandco.example/hours', relative_links_limit: 5 },
  updateDocument: { name: 'Opening hours and holidays', description: 'Including the Christmas schedule' },
  createSender: {
    display_name: 'Bread & Co',
    phone_number: '+40 711 000 111',
    platform: 'cloud_api',
    phone_number_id: '106540352242922',
    waba_id: '102290129340398',
    access_token: 'EAAJBx7ZCqZBZA0cBAExampleToken',
    voice_calling_enabled: true,
    assistant_id: 1,
  },
  updateSender: { display_name: 'Bread & Co Support', voice_calling_enabled: true },
  sendTemplateMessage: {
    sender_id: 1,
    template_id: 1,
    recipient_phone: CUSTOMER,
    recipient_name: 'Ana',
    variables: { 1: 'Ana', 2: 'Saturday', 3: '10:00' },
  },
  sendFreeformMessage: { sender_id: 1, recipient_phone: CUSTOMER, message: 'Yes, we deliver on Saturdays until 2 pm.' },
  requestCallPermission: { sender_id: 1, recipient_phone: CUSTOMER, recipient_name: 'Ana' },
  postUserChatappVoiceCall: { sender_id: 1, recipient_phone: CUSTOMER, variables: { customer_name: 'Ana' } },
  simulateInboundMessage: { from: CUSTOMER, name: 'Ana', text: 'Hi! Do you deliver on Saturdays?' },
  simulateCallPermissionReply: { from: CUSTOMER, accept: true },
  generateReply: {
    assistant_id: 1,
    customer_identifier: CUSTOMER,
    message: 'Can I order a birthday cake for Saturday?',
    variables: { customer_name: 'Ana' },
  },
  makeCall: { phone_number: CUSTOMER, assistant_id: 1, variables: { customer_name: 'Ana' } },
  startWebCall: { assistant_id: EXAMPLE_ASSISTANT_UUID, variables: { customer_name: 'Ana' } },
  // Campaigns call from assistant 2, the bakery's outbound assistant.
  createCampaign: {
    name: 'Saturday cake pre-orders',
    assistant_id: 2,
    timezone: 'Europe/Bucharest',
    max_calls_in_parallel: 3,
    allowed_hours_start_time: '09:00',
    allowed_hours_end_time: '18:00',
    allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    max_retries: 3,
    retry_interval: 60,
    retry_on_voicemail: true,
    mark_complete_when_no_leads: true,
    phone_number_ids: [1],
  },
  createCampaignPlural: { name: 'Christmas orders', assistant_id: 2, allowed_hours_start_time: '10:00', allowed_hours_end_time: '19:00' },
  updateCampaign: { max_calls_in_parallel: 5, retry_interval: 120 },
  createLead: {
    campaign_id: 1,
    phone_number: CUSTOMER,
    variables: { customer_name: 'Ana' },
    secondary_contacts: [{ phone_number: '+40722333444', variables: { customer_name: 'Mihai' } }],
  },
  updateLead: { variables: { preferred_cake: 'chocolate' } },
  importLeads: { campaign_id: 1, csv: 'phone_number,customer_name\n+40733444555,Ioana\n+40744555666,Dan\n' },
  addDoNotCall: { phone_number: '+40755666777', reason: 'Asked not to be called again' },
  importDoNotCall: { phone_numbers: ['+40766777888', '+40721987654'] },
  updateCampaignStatus: { campaign_id: 1, action: 'start' },
};
