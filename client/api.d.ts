export interface paths {
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in (creates a session token)
         * @description Also at `/api/white-label/login` (same request and response).
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the token that made this call */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account (only when ALLOW_SIGNUP=true; 403 otherwise) */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get current user */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/balance/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Balance history: every change with its reason, newest first (paginated) */
        get: operations["listBalanceLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: operations["listApiKeys"];
        put?: never;
        /** Create API key */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete API key */
        delete: operations["deleteApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's members, by id */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member (their sessions stop at once; the keys they created stay) */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /** Change a member's role (applies to their open sessions at once) */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/user/members/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave the account: your own sign-in is removed and its sessions stop at once */
        post: operations["leaveAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's invitations, newest first */
        get: operations["listInvitations"];
        put?: never;
        /** Invite someone by e-mail with a role (the link is shown once) */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation not yet accepted */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link offers, before accepting it */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: become a member and sign in */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether sign-in through an OpenID Connect provider is offered, and its name */
        get: operations["getSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start signing in through the OpenID Connect provider (a browser's navigation)
         * @description Redirects to the provider (authorization code flow with PKCE S256, state and nonce), or to `/app/sign-in?error=<message>` when single sign-on is off, the provider cannot be reached, or this client started too many sign-ins.
         */
        get: operations["startSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider's redirect back (the redirect URI registered at the provider)
         * @description Exchanges the code, verifies the ID token (signature through the JWKS, iss, aud, exp, nonce) and finds the member: the one bound to this identity, else the one with its e-mail when the provider says the e-mail is verified (then binds it). Redirects to `/app/sign-in#token=<session token>`, or to `/app/sign-in?error=<message>`.
         */
        get: operations["finishSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get voices */
        get: operations["listVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get languages */
        get: operations["listLanguages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get models */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/synthesizer-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get synthesizer (TTS) providers */
        get: operations["listSynthesizerProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/transcriber-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get transcriber (STT) providers */
        get: operations["listTranscriberProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create assistant */
        post: operations["createAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List assistants (paginated) */
        get: operations["listAssistants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every assistant of the account, newest first (bare array, no pagination; for assistant pickers) */
        get: operations["listAllAssistants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistant/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get assistant (every configurable field) */
        get: operations["getAssistant"];
        /** Update assistant: omitted fields stay, null removes, arrays and objects are replaced */
        put: operations["updateAssistant"];
        post?: never;
        /** Delete assistant */
        delete: operations["deleteAssistant"];
        options?: never;
        head?: never;
        /** Update assistant: omitted fields stay, null removes, arrays and objects are replaced */
        patch: operations["patchAssistant"];
        trace?: never;
    };
    "/api/user/assistants/phone-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Numbers assignable to assistants */
        get: operations["listAssignablePhoneNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List folders */
        get: operations["listFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/folder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a folder
         * @description Also at `/api/user/folders` (same request and response).
         */
        post: operations["createFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/folder/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a folder
         * @description Also at `/api/user/folders/{id}` (same request and response).
         */
        get: operations["getFolder"];
        /**
         * Update a folder
         * @description Also at `/api/user/folders/{id}` (same request and response).
         */
        put: operations["updateFolder"];
        post?: never;
        /**
         * Delete a folder
         * @description Also at `/api/user/folders/{id}` (same request and response).
         */
        delete: operations["deleteFolder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List labels */
        get: operations["listLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/label": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a label
         * @description Also at `/api/user/labels` (same request and response).
         */
        post: operations["createLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/label/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a label
         * @description Also at `/api/user/labels/{id}` (same request and response).
         */
        get: operations["getLabel"];
        /**
         * Update a label
         * @description Also at `/api/user/labels/{id}` (same request and response).
         */
        put: operations["updateLabel"];
        post?: never;
        /**
         * Delete a label
         * @description Also at `/api/user/labels/{id}` (same request and response).
         */
        delete: operations["deleteLabel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/outbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outbound assistants (bare array, no pagination; for assistant pickers) */
        get: operations["listOutboundAssistants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/enable-inbound-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable the inbound webhook
         * @description When a call reaches the assistant (its phone number, or a chatapp customer's call), an `inbound_call` webhook is sent before it picks up: `{event, call_id, assistant_id (uuid), type, customer_phone, assistant_phone, variables, created_at}`, signed like every delivery. The call waits up to INBOUND_WEBHOOK_TIMEOUT_MS for the answer: a 2xx with a flat JSON object sets those variables for the call.
         */
        post: operations["enableInboundWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/disable-inbound-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable the inbound webhook */
        post: operations["disableInboundWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/enable-conversation-ended-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable the conversation ended webhook */
        post: operations["enableConversationEndedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/disable-conversation-ended-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable the conversation ended webhook */
        post: operations["disableConversationEndedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/enable-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable the post-call webhook (is_webhook_active true, webhook_url set) */
        post: operations["enableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/assistants/disable-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable the post-call webhook (is_webhook_active false, webhook_url null) */
        post: operations["disableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List custom tools */
        get: operations["listTools"];
        put?: never;
        /** Create a custom tool */
        post: operations["createTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/tools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom tool */
        get: operations["getTool"];
        /** Update a custom tool (headers and schema are replaced) */
        put: operations["updateTool"];
        post?: never;
        /** Delete a custom tool (detaches it from every assistant) */
        delete: operations["deleteTool"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/tools/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test request: the tool is called with these arguments as a conversation would call it; answers the request sent (secrets masked) and the response */
        post: operations["testTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legacy: SMS-capable numbers with an active subscription */
        get: operations["listSmsPhoneNumbers"];
        put?: never;
        /** Register a phone number (E.164) */
        post: operations["createPhoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get all phone numbers */
        get: operations["listPhoneNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a phone number's nickname (and where a bought number's events go) */
        put: operations["updatePhoneNumber"];
        post?: never;
        /** Release a phone number: one bought here at the end of the month paid for (then given back to Twilio), any other at once (unassigned everywhere) */
        delete: operations["deletePhoneNumber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Numbers for sale (Twilio's AvailablePhoneNumbers) with our monthly price */
        get: operations["searchPhoneNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Buy a number: its first month is taken from the balance, then one each month */
        post: operations["purchasePhoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers/sip-trunks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's SIP trunks */
        get: operations["listSipTrunks"];
        put?: never;
        /** Bring a carrier's number or a PBX extension: calls out dial through the trunk, calls in reach the number's assistant */
        post: operations["createSipTrunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/phone-numbers/sip-trunks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One SIP trunk */
        get: operations["getSipTrunk"];
        /** Change a SIP trunk's fields (those left out keep their values) */
        put: operations["updateSipTrunk"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show the webhook signing secret */
        get: operations["getWebhookSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the webhook signing secret */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook deliveries (newest first) */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook delivery with its attempts */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/webhook-deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again, as a new delivery
         * @description Queues a new delivery of the same event and body to the same URL, signed when it is sent. 409 while the delivery is still being retried; at most 10 a minute and 100 an hour per account (429).
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spend and volume per day and per assistant */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/exports/calls.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the calls created in a date range as CSV */
        get: operations["exportCallsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/exports/calls.csv/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-minute link to the calls CSV, for a browser download */
        post: operations["createCallsExportLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/exports/conversations.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the conversations created in a date range as CSV */
        get: operations["exportConversationsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/exports/conversations.csv/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-minute link to the conversations CSV, for a browser download */
        post: operations["createConversationsExportLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/exports/ledger.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export the balance ledger rows created in a date range as CSV */
        get: operations["exportLedgerCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/exports/ledger.csv/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-minute link to the balance ledger rows CSV, for a browser download */
        post: operations["createLedgerExportLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/exports/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an export through its link (no token: the link is the permission) */
        get: operations["downloadExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List what was done in the account (newest first)
         * @description Who did what to which resource, when and from where: assistant changes, deletions, webhook secret rotations, keys, members and sign-ins. Each row is written in the same transaction as its change.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/senders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get senders
         * @description Also at `/api/user/whatsapp/senders` (same request and response).
         */
        get: operations["listSenders"];
        put?: never;
        /**
         * Register a sender
         * @description Also at `/api/user/whatsapp/senders` (same request and response).
         */
        post: operations["createSender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/senders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a sender
         * @description Also at `/api/user/whatsapp/senders/{id}` (same request and response).
         */
        get: operations["getSender"];
        put?: never;
        post?: never;
        /**
         * Delete a sender
         * @description Also at `/api/user/whatsapp/senders/{id}` (same request and response).
         */
        delete: operations["deleteSender"];
        options?: never;
        head?: never;
        /**
         * Update a sender
         * @description Also at `/api/user/whatsapp/senders/{id}` (same request and response).
         */
        patch: operations["updateSender"];
        trace?: never;
    };
    "/api/user/chatapp/senders/{id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get templates
         * @description Also at `/api/user/whatsapp/senders/{id}/templates` (same request and response).
         */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/senders/{id}/templates/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync templates from the platform now
         * @description Also at `/api/user/whatsapp/senders/{id}/templates/sync` (same request and response).
         */
        post: operations["syncTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/senders/{id}/simulate/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulator: a customer message arrives
         * @description Also at `/api/user/whatsapp/senders/{id}/simulate/inbound` (same request and response).
         */
        post: operations["simulateInboundMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/senders/{id}/simulate/call-permission-reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulator: the customer allows or declines calls
         * @description Also at `/api/user/whatsapp/senders/{id}/simulate/call-permission-reply` (same request and response).
         */
        post: operations["simulateCallPermissionReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/session-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get session status (24-hour window); read-only and free
         * @description Also at `/api/user/whatsapp/session-status` (same request and response).
         */
        get: operations["getSessionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a template message
         * @description Also at `/api/user/whatsapp/send` (same request and response).
         */
        post: operations["sendTemplateMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/send-freeform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a free-form message (inside the 24-hour window)
         * @description Also at `/api/user/whatsapp/send-freeform` (same request and response).
         */
        post: operations["sendFreeformMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages with one customer, oldest first
         * @description Also at `/api/user/whatsapp/messages` (same request and response).
         */
        get: operations["listChatappMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/voice/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request call permission (Ask to call)
         * @description Also at `/api/user/whatsapp/voice/request` (same request and response).
         */
        post: operations["requestCallPermission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/voice/permission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get call permission
         * @description Also at `/api/user/whatsapp/voice/permission` (same request and response).
         */
        get: operations["getCallPermission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a customer's media file (fetched from the platform; the body is the file, with its content type)
         * @description Also at `/api/user/whatsapp/media/{id}` (same request and response).
         */
        get: operations["downloadChatappMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/chatapp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verification handshake: echoes hub.challenge as text, 403 on a wrong verify token
         * @description Also at `/api/webhooks/whatsapp` (same request and response).
         */
        get: operations["verifyChatappWebhook"];
        put?: never;
        /**
         * Platform events (signed with X-Hub-Signature-256)
         * @description Also at `/api/webhooks/whatsapp` (same request and response).
         */
        post: operations["receiveChatappWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/knowledgebases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List knowledge bases */
        get: operations["listKnowledgeBases"];
        put?: never;
        /** Create a knowledge base */
        post: operations["createKnowledgeBase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/knowledgebases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a knowledge base */
        get: operations["getKnowledgeBase"];
        /** Update a knowledge base (name, description) */
        put: operations["updateKnowledgeBase"];
        post?: never;
        /** Delete a knowledge base with its documents; assistants using it are detached */
        delete: operations["deleteKnowledgeBase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/knowledgebases/{id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search a knowledge base for the passages that best answer a question */
        get: operations["searchKnowledgeBase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/knowledgebases/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the documents of a knowledge base */
        get: operations["listDocuments"];
        put?: never;
        /** Add a document (website, pdf, txt or docx); it is processed in the background */
        post: operations["createDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/knowledgebases/{id}/documents/{docId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document */
        get: operations["getDocument"];
        /** Rename or describe a document (its content cannot be changed) */
        put: operations["updateDocument"];
        post?: never;
        /** Delete a document */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/widget/{uuid}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An assistant's public widget config */
        get: operations["getWidgetConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a conversation */
        post: operations["createConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{uuid}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message (Accept: text/event-stream streams the reply) */
        post: operations["sendConversationMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a conversation */
        get: operations["getConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations (newest first, cursor-paginated)
         * @description Every filter given applies; an unknown query key is refused (422) rather than ignored.
         */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/conversations/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the account's conversations: every message with its time, the variables and the evaluation */
        get: operations["getConversationRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/ai/generate-reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an AI reply for a customer (find or create the conversation)
         * @description With the conversation's AI disabled the message is stored, `reply` is empty and `ai_disabled` is true.
         *
         *     Also at `/api/ai/generate-reply` (same request and response).
         */
        post: operations["generateReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/automate/conversations/{uuid}/disable-ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable AI replies (a human takes over)
         * @description Messages received from now on, on every channel, are stored without an automatic reply; a human answers through the send endpoints. Public sends then answer `message: ""` with `ai_disabled: true`, generate-reply `reply: ""` with `ai_disabled: true`.
         */
        post: operations["disableAiReplies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/automate/conversations/{uuid}/enable-ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable AI replies (end a human takeover)
         * @description Messages received from now on are answered by the assistant again.
         */
        post: operations["enableAiReplies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/make_call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place a phone call from the assistant's number (one minute is reserved from the balance first) */
        post: operations["makeCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List calls (newest first, page-paginated) */
        get: operations["listCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/calls/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a call */
        get: operations["getCall"];
        put?: never;
        post?: never;
        /** Delete a call and its recording */
        delete: operations["deleteCall"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/calls/{id}/recording": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a call's recording (WAV, both sides mixed); the owner's calls only */
        get: operations["downloadCallRecording"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice/twilio/incoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A number's Voice URL: answers with TwiML that streams the call to its inbound assistant */
        post: operations["twilioIncomingCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice/twilio/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Call progress and answering-machine detection callbacks */
        post: operations["twilioCallStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calls/web": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a browser call: a single-use WebSocket URL carrying PCM16 16 kHz audio both ways */
        post: operations["startWebCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/chatapp/voice/call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place a chatapp voice call (after the customer granted call permission)
         * @description Also at `/api/user/whatsapp/voice/call` (same request and response).
         */
        post: operations["postUserChatappVoiceCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List campaigns (a bare array, newest first) */
        get: operations["listCampaigns"];
        put?: never;
        /** Create a campaign (the same as POST /user/campaign) */
        post: operations["createCampaignPlural"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/campaign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a campaign (status draft) */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a campaign */
        get: operations["getCampaign"];
        /** Update a draft, stopped or paused campaign (fields not sent are kept) */
        put: operations["updateCampaign"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/campaigns/update-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start or stop a campaign (stop: calls in progress finish, nothing new is dialled) */
        post: operations["updateCampaignStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/campaign/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a campaign and its leads (a running one is stopped first) */
        delete: operations["deleteCampaign"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/campaigns/{id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Leads by status, calls in progress and the next dial time */
        get: operations["getCampaignProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/lead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a lead to a campaign */
        post: operations["createLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List leads (newest first, page-paginated) */
        get: operations["listLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a lead with the outcome of each attempt */
        get: operations["getLead"];
        /** Update a lead (variables are merged) */
        put: operations["updateLead"];
        post?: never;
        /** Delete a lead */
        delete: operations["deleteLead"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/leads/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import up to 50,000 leads from CSV or JSON: a report of rows imported, duplicates and rejected rows */
        post: operations["importLeads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/do-not-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's do-not-call list (newest first, page-paginated) */
        get: operations["listDoNotCall"];
        put?: never;
        /** Add a number to the do-not-call list: no campaign dials it again */
        post: operations["addDoNotCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/do-not-call/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add many numbers to the do-not-call list (a list or a CSV with a phone_number column) */
        post: operations["importDoNotCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/do-not-call/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Take a number off the do-not-call list */
        delete: operations["removeDoNotCall"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's SMS, sent and received (newest first, page-paginated) */
        get: operations["listSms"];
        put?: never;
        /** Send an SMS from one of the account's SMS-capable numbers, priced per segment */
        post: operations["sendSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/sms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One SMS with its delivery status */
        get: operations["getSms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sms/twilio/incoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A number's SMS URL: stores the message, honours STOP/START/HELP, and has the number's assistant answer by SMS */
        post: operations["twilioIncomingSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sms/twilio/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An SMS's status callback: sent, delivered, undelivered or failed */
        post: operations["twilioSmsStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the accounts of this server (search by name or e-mail; paginated) */
        get: operations["listOperatorAccounts"];
        put?: never;
        /** Create an account with its owner (who signs in with the e-mail and password) */
        post: operations["createOperatorAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/accounts/{id}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Credit (or, with a negative amount, debit) an account's balance, with a reason */
        post: operations["changeOperatorAccountBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/accounts/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend an account: its keys and sessions are refused at once, its widgets and numbers stop answering */
        post: operations["suspendOperatorAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/operator/accounts/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a suspended account */
        post: operations["restoreOperatorAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        LoginRequest: {
            /** Format: email */
            email: string;
            password: string;
            token_name?: string;
        };
        LoginResponse: {
            message: string;
            user: {
                id: number;
                name: string;
                email: string;
            };
            token: string;
            token_name: string;
            /** Format: date-time */
            expires_at: string;
        };
        MessageBody: {
            message: string;
        };
        ValidationErrorBody: {
            message: string;
            errors?: {
                [key: string]: string[];
            };
        };
        RegisterRequest: {
            name: string;
            /** Format: email */
            email: string;
            password: string;
        };
        RegisterResponse: {
            message: string;
            user: {
                id: number;
                name: string;
                email: string;
            };
            token: string;
            /** Format: date-time */
            expires_at: string;
        };
        GetCurrentUserResponse: {
            /** @description The account. */
            id: number;
            /** @description The account's name. */
            name: string;
            /** @description The account's e-mail (its first owner's). */
            email: string;
            /** @description Account balance in USD. */
            total_balance: number;
            /** @description What this caller may do: the signed-in member's role, or the API key's. */
            role: "viewer" | "editor" | "admin" | "owner";
            /** @description The signed-in member (for an API key, the member who created it; null once removed). */
            member: {
                id: number;
                name: string;
                email: string;
            } | null;
            /** @description This session is the server operator's (never true for an API key). */
            is_operator: boolean;
            /** @description An operator suspended the account: every other route answers 403. */
            suspended: boolean;
        };
        LedgerEntry: {
            id: number;
            /** @description USD; negative for a debit. */
            amount: number;
            /** @description The balance in USD after this change. */
            balance_after: number;
            /** @description Why the balance moved, e.g. "Voice call 12: minute reserved". */
            reason: string;
            /** Format: date-time */
            created_at: string;
        };
        ListBalanceLedgerResponse: {
            current_page: number;
            data: components["schemas"]["LedgerEntry"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        ListApiKeysResponse: {
            api_keys: {
                id: number;
                name: string;
                /** @description viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything. */
                role: "viewer" | "editor" | "admin" | "owner";
                /** @description The member who created the key; null once that member was removed (the key stays the account's). */
                created_by: {
                    id: number;
                    name: string;
                    email: string;
                } | null;
                last_used_at: string | null;
                /** Format: date-time */
                created_at: string;
            }[];
        };
        CreateApiKeyRequest: {
            name: string;
            /** @description What the key may do; by default its creator's role, and never more. */
            role?: "viewer" | "editor" | "admin" | "owner";
        };
        CreateApiKeyResponse: {
            message: string;
            api_key: {
                id: number;
                name: string;
                /** @description Shown once; store it now. */
                token: string;
                /** @description viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything. */
                role: "viewer" | "editor" | "admin" | "owner";
                /** Format: date-time */
                created_at: string;
            };
        };
        Member: {
            id: number;
            name: string;
            /** @description Their sign-in e-mail (one login on the whole server). */
            email: string;
            /** @description viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything. */
            role: "viewer" | "editor" | "admin" | "owner";
            /** Format: date-time */
            created_at: string;
        };
        ListMembersResponse: {
            members: components["schemas"]["Member"][];
        };
        UpdateMemberRequest: {
            /** @description The new role. Only an owner may make someone an owner or change an owner's role. */
            role: "viewer" | "editor" | "admin" | "owner";
        };
        UpdateMemberResponse: {
            message: string;
            member: components["schemas"]["Member"];
        };
        Invitation: {
            id: number;
            email: string;
            /** @description viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything. */
            role: "viewer" | "editor" | "admin" | "owner";
            /** @description pending until it is accepted, revoked (or replaced by a newer one for the same e-mail) or expires. */
            status: "pending" | "accepted" | "revoked" | "expired";
            /** @description The member who sent it; null once removed. */
            invited_by: {
                id: number;
                name: string;
                email: string;
            } | null;
            /** Format: date-time */
            expires_at: string;
            accepted_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        ListInvitationsResponse: {
            invitations: components["schemas"]["Invitation"][];
        };
        CreateInvitationRequest: {
            /** Format: email */
            email: string;
            /** @description The role the new member gets. Only an owner may invite an owner. */
            role: "viewer" | "editor" | "admin" | "owner";
        };
        CreateInvitationResponse: {
            message: string;
            invitation: {
                id: number;
                email: string;
                /** @description viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything. */
                role: "viewer" | "editor" | "admin" | "owner";
                /** @description pending until it is accepted, revoked (or replaced by a newer one for the same e-mail) or expires. */
                status: "pending" | "accepted" | "revoked" | "expired";
                /** @description The member who sent it; null once removed. */
                invited_by: {
                    id: number;
                    name: string;
                    email: string;
                } | null;
                /** Format: date-time */
                expires_at: string;
                accepted_at: string | null;
                /** Format: date-time */
                created_at: string;
                /** @description The link to send to the invitee: `PUBLIC_URL/app/invitations/<token>`. Shown once. */
                url: string;
                /** @description The secret the link carries. Shown once; only its hash is stored. */
                token: string;
            };
        };
        GetInvitationResponse: {
            /** @description The account the invitee would join. */
            account_name: string;
            /** @description The e-mail the invitation is for: the new member signs in with it. */
            email: string;
            /** @description viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything. */
            role: "viewer" | "editor" | "admin" | "owner";
            invited_by_name: string | null;
            /** Format: date-time */
            expires_at: string;
        };
        AcceptInvitationRequest: {
            name: string;
            password: string;
        };
        AcceptInvitationResponse: {
            message: string;
            /** @description Who signed in, as `POST /api/auth/login` shows it. */
            user: {
                /** @description The account joined (as in the login answer). */
                id: number;
                /** @description The new member's name. */
                name: string;
                /** @description The new member's e-mail. */
                email: string;
            };
            /** @description A session token of the new member, valid SESSION_TTL_HOURS. */
            token: string;
            /** Format: date-time */
            expires_at: string;
        };
        GetSingleSignOnResponse: {
            /** @description Whether the sign-in page offers single sign-on. */
            enabled: boolean;
            /** @description The button's "Sign in with <name>"; null when disabled. */
            provider_name: string | null;
        };
        ListVoicesResponse: {
            id: number;
            name: string;
            language_id: number;
            gender: string | null;
            preview_url: string | null;
            accent: string | null;
            age: string | null;
            synthesizer_provider_id: number | null;
            /** @description Engine modes this voice works with. */
            modes: string[];
        }[];
        ListLanguagesResponse: {
            id: number;
            name: string;
            iso_2: string;
        }[];
        ListModelsResponse: {
            id: number;
            name: string;
            /** @description Present for multimodal and dualplex models. */
            code?: string;
            /** @description Multimodal and dualplex models: whether this server can use them in calls (its realtime key is set). */
            available?: boolean;
            /** @description When unavailable: why, naming the configuration key to set. */
            unavailable_reason?: string | null;
        }[];
        ListSynthesizerProvidersResponse: {
            id: number;
            name: string;
            code: string;
            /** @description Whether this server can use the provider in calls (its key is configured). */
            available?: boolean;
            /** @description When unavailable: why, naming the configuration key to set. */
            unavailable_reason?: string | null;
        }[];
        ListTranscriberProvidersResponse: {
            id: number;
            name: string;
            code: string;
            /** @description Whether this server can use the provider in calls (its key is configured). */
            available?: boolean;
            /** @description When unavailable: why, naming the configuration key to set. */
            unavailable_reason?: string | null;
        }[];
        CreateAssistantRequest: {
            name: string;
            /** @enum {string} */
            status?: "active" | "inactive";
            /** @enum {string} */
            type: "inbound" | "outbound";
            /** @enum {string} */
            mode: "pipeline" | "multimodal" | "dualplex";
            voice_id: number;
            language_id: number;
            timezone: string;
            initial_message: string;
            system_prompt: string;
            /** @description Pipeline mode only; required on create in pipeline mode (GET /user/assistants/models). */
            llm_model_id?: number | null;
            /** @description Multimodal and dualplex only; required on create in those modes (GET /user/assistants/models?type=multimodal or dualplex). */
            multimodal_model_id?: number | null;
            chat_llm_fallback_id?: number | null;
            turn_detection_threshold?: number | null;
            secondary_language_ids?: number[] | null;
            knowledgebase_id?: number | null;
            /** @enum {string} */
            knowledgebase_mode?: "function_call" | "prompt";
            folder_id?: number | null;
            label_ids?: number[] | null;
            phone_number_id?: number | null;
            tool_ids?: number[] | null;
            tts_emotion_enabled?: boolean;
            voice_stability?: number;
            voice_similarity?: number;
            speech_speed?: number;
            llm_temperature?: number;
            synthesizer_provider_id?: number | null;
            transcriber_provider_id?: number | null;
            allow_interruptions?: boolean;
            fillers?: boolean;
            filler_config?: {
                positive?: string[];
                negative?: string[];
                question?: string[];
                neutral?: string[];
            } | null;
            record?: boolean;
            enable_noise_cancellation?: boolean;
            wait_for_customer?: boolean;
            max_duration?: number;
            max_silence_duration?: number;
            max_initial_silence_duration?: number | null;
            ringing_time?: number;
            reengagement_interval?: number;
            reengagement_prompt?: string | null;
            end_call_on_voicemail?: boolean;
            voice_mail_message?: string | null;
            /** @enum {string} */
            endpoint_type?: "vad" | "ai";
            endpoint_sensitivity?: number;
            interrupt_sensitivity?: number;
            min_interrupt_words?: number | null;
            /** @enum {string} */
            ambient_sound?: "off" | "office" | "city" | "forest" | "crowded_room" | "cafe" | "nature";
            ambient_sound_volume?: number;
            is_webhook_active?: boolean;
            /** Format: http-url */
            webhook_url?: string | null;
            send_webhook_only_on_completed?: boolean;
            include_recording_in_webhook?: boolean;
            post_call_evaluation?: boolean;
            post_call_schema?: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "bool";
                description: string;
            }[] | null;
            variables?: {
                [key: string]: string | number | boolean;
            } | null;
            conversation_inactivity_timeout?: number | null;
            conversation_ended_retrigger?: boolean;
            /** Format: http-url */
            conversation_ended_webhook_url?: string | null;
            widget_settings?: {
                title?: string | null;
                subtitle?: string | null;
                /** Format: uri */
                avatar_url?: string | null;
                primary_color?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcher_text?: string | null;
                greeting?: string | null;
                allowed_origins?: string[];
            } | null;
            widget_daily_budget_usd?: number | null;
            tools?: ({
                /** @enum {string} */
                type: "call_transfer";
                phone_number: string;
                description?: string | null;
                custom?: boolean;
                timezone?: string | null;
                warm_transfer?: boolean;
                warm_transfer_message?: string | null;
            } | {
                /** @enum {string} */
                type: "warm_call_transfer";
                supervisor_phone: string;
                outbound_phone_id: number;
                description: string;
                custom_sip?: boolean;
                /** @enum {string} */
                caller_id_mode?: "outbound_number" | "customer_number" | "custom";
                custom_caller_id?: string | null;
                /** @enum {string} */
                hold_music?: "hold_music" | "none";
                hold_music_volume?: number;
                hold_message?: string;
                summary_instructions?: string;
                briefing_initial_message?: string;
                connected_message?: string;
            } | {
                /** @enum {string} */
                type: "end_call";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "dtmf_input";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "collect_keypad";
                timeout?: number;
                /** @enum {string} */
                stop_key?: "#" | "*";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "calendar_integration";
                /** @enum {string} */
                calendar_type?: "provider_a" | "provider_b" | "calcom" | "calendly";
                description?: string | null;
                provider_a_api_key?: string | null;
                provider_a_event_slug?: string | null;
                provider_a_team_slug?: string | null;
                /** @enum {string} */
                provider_a_endpoint?: "us" | "eu" | "custom";
                /** Format: http-url */
                provider_a_custom_endpoint?: string | null;
                provider_a_event_id?: number | null;
                provider_a_event_name?: string | null;
                provider_a_booking_fields?: {
                    slug: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "number" | "select" | "multiselect" | "checkbox" | "radio" | "boolean" | "url" | "address";
                    label: string;
                    required?: boolean;
                    options?: string[];
                }[];
                provider_b_api_key?: string | null;
                /** Format: http-url */
                provider_b_event_type_uri?: string | null;
                calcom_api_key?: string | null;
                calcom_event_slug?: string | null;
                calcom_team_slug?: string | null;
                /** @enum {string} */
                calcom_endpoint?: "us" | "eu" | "custom";
                /** Format: http-url */
                calcom_custom_endpoint?: string | null;
                calcom_event_id?: number | null;
                calcom_event_name?: string | null;
                calcom_booking_fields?: {
                    slug: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "number" | "select" | "multiselect" | "checkbox" | "radio" | "boolean" | "url" | "address";
                    label: string;
                    required?: boolean;
                    options?: string[];
                }[];
                calendly_api_key?: string | null;
                /** Format: http-url */
                calendly_event_type_uri?: string | null;
            } | {
                /** @enum {string} */
                type: "assistant_transfer";
                assistant_id: number;
                description?: string;
                message_before_transfer?: string | null;
                speak_transfer_greeting?: boolean;
            })[] | null;
        };
        CreateAssistantResponse: {
            message: string;
            data: {
                id: number;
                name: string;
                status: string;
                type: string;
                mode: string;
                uuid: string;
            };
        };
        AssistantListItem: {
            id: number;
            /**
             * Format: uuid
             * @description What conversations use to address the assistant.
             */
            uuid: string;
            name: string;
            /** @enum {string} */
            status: "active" | "inactive";
            /** @enum {string} */
            type: "inbound" | "outbound";
            /** @enum {string} */
            mode: "pipeline" | "multimodal" | "dualplex";
            voice_id: number;
            language_id: number;
            timezone: string;
            initial_message: string;
            system_prompt: string;
            /** @description Pipeline mode only; required on create in pipeline mode (GET /user/assistants/models). */
            llm_model_id: number | null;
            /** @description Multimodal and dualplex only; required on create in those modes (GET /user/assistants/models?type=multimodal or dualplex). */
            multimodal_model_id: number | null;
            chat_llm_fallback_id: number | null;
            turn_detection_threshold: number | null;
            secondary_language_ids: number[];
            knowledgebase_id: number | null;
            /** @enum {string} */
            knowledgebase_mode: "function_call" | "prompt";
            folder_id: number | null;
            label_ids: number[];
            phone_number_id: number | null;
            tool_ids: number[];
            tts_emotion_enabled: boolean;
            /**
             * @description Two decimals as a string ("0.35"), as the reference's list shows it.
             * @example 0.50
             */
            voice_stability: string;
            /**
             * @description Two decimals as a string ("0.35"), as the reference's list shows it.
             * @example 0.50
             */
            voice_similarity: string;
            /**
             * @description Two decimals as a string ("0.35"), as the reference's list shows it.
             * @example 0.50
             */
            speech_speed: string;
            /**
             * @description Two decimals as a string ("0.35"), as the reference's list shows it.
             * @example 0.50
             */
            llm_temperature: string;
            synthesizer_provider_id: number | null;
            transcriber_provider_id: number | null;
            allow_interruptions: boolean;
            /** @description 1 or 0, as the reference's list shows it. */
            fillers: 0 | 1;
            filler_config: {
                positive?: string[];
                negative?: string[];
                question?: string[];
                neutral?: string[];
            };
            record: boolean;
            enable_noise_cancellation: boolean;
            wait_for_customer: boolean;
            max_duration: number;
            max_silence_duration: number;
            max_initial_silence_duration: number | null;
            ringing_time: number;
            reengagement_interval: number;
            reengagement_prompt: string | null;
            /** @description 1 or 0, as the reference's list shows it. */
            end_call_on_voicemail: 0 | 1;
            voice_mail_message: string | null;
            /** @enum {string} */
            endpoint_type: "vad" | "ai";
            endpoint_sensitivity: number;
            interrupt_sensitivity: number;
            min_interrupt_words: number | null;
            /** @enum {string} */
            ambient_sound: "off" | "office" | "city" | "forest" | "crowded_room" | "cafe" | "nature";
            /**
             * @description Two decimals as a string ("0.35"), as the reference's list shows it.
             * @example 0.50
             */
            ambient_sound_volume: string;
            is_webhook_active: boolean;
            /** Format: http-url */
            webhook_url: string | null;
            send_webhook_only_on_completed: boolean;
            include_recording_in_webhook: boolean;
            post_call_evaluation: boolean;
            post_call_schema: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "bool";
                description: string;
            }[];
            variables: {
                [key: string]: string | number | boolean;
            };
            conversation_inactivity_timeout: number | null;
            conversation_ended_retrigger: boolean;
            /** Format: http-url */
            conversation_ended_webhook_url: string | null;
            widget_settings: {
                title?: string | null;
                subtitle?: string | null;
                /** Format: uri */
                avatar_url?: string | null;
                primary_color?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcher_text?: string | null;
                greeting?: string | null;
                allowed_origins?: string[];
            };
            widget_daily_budget_usd: number | null;
            tools: ({
                type: string;
            } & {
                [key: string]: unknown;
            })[];
            created_at: string;
            updated_at: string;
            user_id: number;
            /** @description The main language's two-letter code (language_id's iso_2). */
            language: string | null;
            /** @description Set by /user/assistants/enable-inbound-webhook. */
            inbound_webhook_url: string | null;
            /** @description The reference's engine id (see mode); no counterpart here, always null. */
            engine_id: null;
            /** @description The reference's synthesizer id (see synthesizer_provider_id); no counterpart here, always null. */
            synthesizer_id: null;
            /** @description The reference's transcriber id (see transcriber_provider_id); no counterpart here, always null. */
            transcriber_id: null;
            /** @description The reference's instance id; no counterpart here, always null. */
            instance_id: null;
            /** @description The reference's flows platform id; no counterpart here, always null. */
            flows_platform_id: null;
            /** @description The reference's deletion time (deleted assistants are never listed); no counterpart here, always null. */
            deleted_at: null;
        };
        ListAssistantsResponse: {
            current_page: number;
            data: components["schemas"]["AssistantListItem"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        ListAllAssistantsResponse: components["schemas"]["AssistantListItem"][];
        Assistant: {
            id: number;
            /**
             * Format: uuid
             * @description What conversations use to address the assistant.
             */
            uuid: string;
            name: string;
            /** @enum {string} */
            status: "active" | "inactive";
            /** @enum {string} */
            type: "inbound" | "outbound";
            /** @enum {string} */
            mode: "pipeline" | "multimodal" | "dualplex";
            voice_id: number;
            language_id: number;
            timezone: string;
            initial_message: string;
            system_prompt: string;
            /** @description Pipeline mode only; required on create in pipeline mode (GET /user/assistants/models). */
            llm_model_id: number | null;
            /** @description Multimodal and dualplex only; required on create in those modes (GET /user/assistants/models?type=multimodal or dualplex). */
            multimodal_model_id: number | null;
            chat_llm_fallback_id: number | null;
            turn_detection_threshold: number | null;
            secondary_language_ids: number[];
            knowledgebase_id: number | null;
            /** @enum {string} */
            knowledgebase_mode: "function_call" | "prompt";
            folder_id: number | null;
            label_ids: number[];
            phone_number_id: number | null;
            tool_ids: number[];
            tts_emotion_enabled: boolean;
            voice_stability: number;
            voice_similarity: number;
            speech_speed: number;
            llm_temperature: number;
            synthesizer_provider_id: number | null;
            transcriber_provider_id: number | null;
            allow_interruptions: boolean;
            fillers: boolean;
            filler_config: {
                positive?: string[];
                negative?: string[];
                question?: string[];
                neutral?: string[];
            };
            record: boolean;
            enable_noise_cancellation: boolean;
            wait_for_customer: boolean;
            max_duration: number;
            max_silence_duration: number;
            max_initial_silence_duration: number | null;
            ringing_time: number;
            reengagement_interval: number;
            reengagement_prompt: string | null;
            end_call_on_voicemail: boolean;
            voice_mail_message: string | null;
            /** @enum {string} */
            endpoint_type: "vad" | "ai";
            endpoint_sensitivity: number;
            interrupt_sensitivity: number;
            min_interrupt_words: number | null;
            /** @enum {string} */
            ambient_sound: "off" | "office" | "city" | "forest" | "crowded_room" | "cafe" | "nature";
            ambient_sound_volume: number;
            is_webhook_active: boolean;
            /** Format: http-url */
            webhook_url: string | null;
            send_webhook_only_on_completed: boolean;
            include_recording_in_webhook: boolean;
            post_call_evaluation: boolean;
            post_call_schema: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "bool";
                description: string;
            }[];
            variables: {
                [key: string]: string | number | boolean;
            };
            conversation_inactivity_timeout: number | null;
            conversation_ended_retrigger: boolean;
            /** Format: http-url */
            conversation_ended_webhook_url: string | null;
            widget_settings: {
                title?: string | null;
                subtitle?: string | null;
                /** Format: uri */
                avatar_url?: string | null;
                primary_color?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcher_text?: string | null;
                greeting?: string | null;
                allowed_origins?: string[];
            };
            widget_daily_budget_usd: number | null;
            tools: ({
                type: string;
            } & {
                [key: string]: unknown;
            })[];
            created_at: string;
            updated_at: string;
        };
        GetAssistantResponse: {
            data: components["schemas"]["Assistant"];
        };
        UpdateAssistantRequest: {
            name?: string;
            /** @enum {string} */
            status?: "active" | "inactive";
            /** @enum {string} */
            type?: "inbound" | "outbound";
            /** @enum {string} */
            mode?: "pipeline" | "multimodal" | "dualplex";
            voice_id?: number;
            language_id?: number;
            timezone?: string;
            initial_message?: string;
            system_prompt?: string;
            /** @description Pipeline mode only; required on create in pipeline mode (GET /user/assistants/models). */
            llm_model_id?: number | null;
            /** @description Multimodal and dualplex only; required on create in those modes (GET /user/assistants/models?type=multimodal or dualplex). */
            multimodal_model_id?: number | null;
            chat_llm_fallback_id?: number | null;
            turn_detection_threshold?: number | null;
            secondary_language_ids?: number[] | null;
            knowledgebase_id?: number | null;
            /** @enum {string} */
            knowledgebase_mode?: "function_call" | "prompt";
            folder_id?: number | null;
            label_ids?: number[] | null;
            phone_number_id?: number | null;
            tool_ids?: number[] | null;
            tts_emotion_enabled?: boolean;
            voice_stability?: number;
            voice_similarity?: number;
            speech_speed?: number;
            llm_temperature?: number;
            synthesizer_provider_id?: number | null;
            transcriber_provider_id?: number | null;
            allow_interruptions?: boolean;
            fillers?: boolean;
            filler_config?: {
                positive?: string[];
                negative?: string[];
                question?: string[];
                neutral?: string[];
            } | null;
            record?: boolean;
            enable_noise_cancellation?: boolean;
            wait_for_customer?: boolean;
            max_duration?: number;
            max_silence_duration?: number;
            max_initial_silence_duration?: number | null;
            ringing_time?: number;
            reengagement_interval?: number;
            reengagement_prompt?: string | null;
            end_call_on_voicemail?: boolean;
            voice_mail_message?: string | null;
            /** @enum {string} */
            endpoint_type?: "vad" | "ai";
            endpoint_sensitivity?: number;
            interrupt_sensitivity?: number;
            min_interrupt_words?: number | null;
            /** @enum {string} */
            ambient_sound?: "off" | "office" | "city" | "forest" | "crowded_room" | "cafe" | "nature";
            ambient_sound_volume?: number;
            is_webhook_active?: boolean;
            /** Format: http-url */
            webhook_url?: string | null;
            send_webhook_only_on_completed?: boolean;
            include_recording_in_webhook?: boolean;
            post_call_evaluation?: boolean;
            post_call_schema?: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "bool";
                description: string;
            }[] | null;
            variables?: {
                [key: string]: string | number | boolean;
            } | null;
            conversation_inactivity_timeout?: number | null;
            conversation_ended_retrigger?: boolean;
            /** Format: http-url */
            conversation_ended_webhook_url?: string | null;
            widget_settings?: {
                title?: string | null;
                subtitle?: string | null;
                /** Format: uri */
                avatar_url?: string | null;
                primary_color?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcher_text?: string | null;
                greeting?: string | null;
                allowed_origins?: string[];
            } | null;
            widget_daily_budget_usd?: number | null;
            tools?: ({
                /** @enum {string} */
                type: "call_transfer";
                phone_number: string;
                description?: string | null;
                custom?: boolean;
                timezone?: string | null;
                warm_transfer?: boolean;
                warm_transfer_message?: string | null;
            } | {
                /** @enum {string} */
                type: "warm_call_transfer";
                supervisor_phone: string;
                outbound_phone_id: number;
                description: string;
                custom_sip?: boolean;
                /** @enum {string} */
                caller_id_mode?: "outbound_number" | "customer_number" | "custom";
                custom_caller_id?: string | null;
                /** @enum {string} */
                hold_music?: "hold_music" | "none";
                hold_music_volume?: number;
                hold_message?: string;
                summary_instructions?: string;
                briefing_initial_message?: string;
                connected_message?: string;
            } | {
                /** @enum {string} */
                type: "end_call";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "dtmf_input";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "collect_keypad";
                timeout?: number;
                /** @enum {string} */
                stop_key?: "#" | "*";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "calendar_integration";
                /** @enum {string} */
                calendar_type?: "provider_a" | "provider_b" | "calcom" | "calendly";
                description?: string | null;
                provider_a_api_key?: string | null;
                provider_a_event_slug?: string | null;
                provider_a_team_slug?: string | null;
                /** @enum {string} */
                provider_a_endpoint?: "us" | "eu" | "custom";
                /** Format: http-url */
                provider_a_custom_endpoint?: string | null;
                provider_a_event_id?: number | null;
                provider_a_event_name?: string | null;
                provider_a_booking_fields?: {
                    slug: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "number" | "select" | "multiselect" | "checkbox" | "radio" | "boolean" | "url" | "address";
                    label: string;
                    required?: boolean;
                    options?: string[];
                }[];
                provider_b_api_key?: string | null;
                /** Format: http-url */
                provider_b_event_type_uri?: string | null;
                calcom_api_key?: string | null;
                calcom_event_slug?: string | null;
                calcom_team_slug?: string | null;
                /** @enum {string} */
                calcom_endpoint?: "us" | "eu" | "custom";
                /** Format: http-url */
                calcom_custom_endpoint?: string | null;
                calcom_event_id?: number | null;
                calcom_event_name?: string | null;
                calcom_booking_fields?: {
                    slug: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "number" | "select" | "multiselect" | "checkbox" | "radio" | "boolean" | "url" | "address";
                    label: string;
                    required?: boolean;
                    options?: string[];
                }[];
                calendly_api_key?: string | null;
                /** Format: http-url */
                calendly_event_type_uri?: string | null;
            } | {
                /** @enum {string} */
                type: "assistant_transfer";
                assistant_id: number;
                description?: string;
                message_before_transfer?: string | null;
                speak_transfer_greeting?: boolean;
            })[] | null;
        };
        AssistantSummary: {
            id: number;
            name: string;
            status: string;
            type: string;
            mode: string;
        };
        UpdateAssistantResponse: {
            message: string;
            data: components["schemas"]["AssistantSummary"];
        };
        PatchAssistantRequest: {
            name?: string;
            /** @enum {string} */
            status?: "active" | "inactive";
            /** @enum {string} */
            type?: "inbound" | "outbound";
            /** @enum {string} */
            mode?: "pipeline" | "multimodal" | "dualplex";
            voice_id?: number;
            language_id?: number;
            timezone?: string;
            initial_message?: string;
            system_prompt?: string;
            /** @description Pipeline mode only; required on create in pipeline mode (GET /user/assistants/models). */
            llm_model_id?: number | null;
            /** @description Multimodal and dualplex only; required on create in those modes (GET /user/assistants/models?type=multimodal or dualplex). */
            multimodal_model_id?: number | null;
            chat_llm_fallback_id?: number | null;
            turn_detection_threshold?: number | null;
            secondary_language_ids?: number[] | null;
            knowledgebase_id?: number | null;
            /** @enum {string} */
            knowledgebase_mode?: "function_call" | "prompt";
            folder_id?: number | null;
            label_ids?: number[] | null;
            phone_number_id?: number | null;
            tool_ids?: number[] | null;
            tts_emotion_enabled?: boolean;
            voice_stability?: number;
            voice_similarity?: number;
            speech_speed?: number;
            llm_temperature?: number;
            synthesizer_provider_id?: number | null;
            transcriber_provider_id?: number | null;
            allow_interruptions?: boolean;
            fillers?: boolean;
            filler_config?: {
                positive?: string[];
                negative?: string[];
                question?: string[];
                neutral?: string[];
            } | null;
            record?: boolean;
            enable_noise_cancellation?: boolean;
            wait_for_customer?: boolean;
            max_duration?: number;
            max_silence_duration?: number;
            max_initial_silence_duration?: number | null;
            ringing_time?: number;
            reengagement_interval?: number;
            reengagement_prompt?: string | null;
            end_call_on_voicemail?: boolean;
            voice_mail_message?: string | null;
            /** @enum {string} */
            endpoint_type?: "vad" | "ai";
            endpoint_sensitivity?: number;
            interrupt_sensitivity?: number;
            min_interrupt_words?: number | null;
            /** @enum {string} */
            ambient_sound?: "off" | "office" | "city" | "forest" | "crowded_room" | "cafe" | "nature";
            ambient_sound_volume?: number;
            is_webhook_active?: boolean;
            /** Format: http-url */
            webhook_url?: string | null;
            send_webhook_only_on_completed?: boolean;
            include_recording_in_webhook?: boolean;
            post_call_evaluation?: boolean;
            post_call_schema?: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "bool";
                description: string;
            }[] | null;
            variables?: {
                [key: string]: string | number | boolean;
            } | null;
            conversation_inactivity_timeout?: number | null;
            conversation_ended_retrigger?: boolean;
            /** Format: http-url */
            conversation_ended_webhook_url?: string | null;
            widget_settings?: {
                title?: string | null;
                subtitle?: string | null;
                /** Format: uri */
                avatar_url?: string | null;
                primary_color?: string;
                /** @enum {string} */
                position?: "bottom-right" | "bottom-left";
                launcher_text?: string | null;
                greeting?: string | null;
                allowed_origins?: string[];
            } | null;
            widget_daily_budget_usd?: number | null;
            tools?: ({
                /** @enum {string} */
                type: "call_transfer";
                phone_number: string;
                description?: string | null;
                custom?: boolean;
                timezone?: string | null;
                warm_transfer?: boolean;
                warm_transfer_message?: string | null;
            } | {
                /** @enum {string} */
                type: "warm_call_transfer";
                supervisor_phone: string;
                outbound_phone_id: number;
                description: string;
                custom_sip?: boolean;
                /** @enum {string} */
                caller_id_mode?: "outbound_number" | "customer_number" | "custom";
                custom_caller_id?: string | null;
                /** @enum {string} */
                hold_music?: "hold_music" | "none";
                hold_music_volume?: number;
                hold_message?: string;
                summary_instructions?: string;
                briefing_initial_message?: string;
                connected_message?: string;
            } | {
                /** @enum {string} */
                type: "end_call";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "dtmf_input";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "collect_keypad";
                timeout?: number;
                /** @enum {string} */
                stop_key?: "#" | "*";
                description?: string | null;
            } | {
                /** @enum {string} */
                type: "calendar_integration";
                /** @enum {string} */
                calendar_type?: "provider_a" | "provider_b" | "calcom" | "calendly";
                description?: string | null;
                provider_a_api_key?: string | null;
                provider_a_event_slug?: string | null;
                provider_a_team_slug?: string | null;
                /** @enum {string} */
                provider_a_endpoint?: "us" | "eu" | "custom";
                /** Format: http-url */
                provider_a_custom_endpoint?: string | null;
                provider_a_event_id?: number | null;
                provider_a_event_name?: string | null;
                provider_a_booking_fields?: {
                    slug: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "number" | "select" | "multiselect" | "checkbox" | "radio" | "boolean" | "url" | "address";
                    label: string;
                    required?: boolean;
                    options?: string[];
                }[];
                provider_b_api_key?: string | null;
                /** Format: http-url */
                provider_b_event_type_uri?: string | null;
                calcom_api_key?: string | null;
                calcom_event_slug?: string | null;
                calcom_team_slug?: string | null;
                /** @enum {string} */
                calcom_endpoint?: "us" | "eu" | "custom";
                /** Format: http-url */
                calcom_custom_endpoint?: string | null;
                calcom_event_id?: number | null;
                calcom_event_name?: string | null;
                calcom_booking_fields?: {
                    slug: string;
                    /** @enum {string} */
                    type: "text" | "textarea" | "email" | "phone" | "number" | "select" | "multiselect" | "checkbox" | "radio" | "boolean" | "url" | "address";
                    label: string;
                    required?: boolean;
                    options?: string[];
                }[];
                calendly_api_key?: string | null;
                /** Format: http-url */
                calendly_event_type_uri?: string | null;
            } | {
                /** @enum {string} */
                type: "assistant_transfer";
                assistant_id: number;
                description?: string;
                message_before_transfer?: string | null;
                speak_transfer_greeting?: boolean;
            })[] | null;
        };
        PatchAssistantResponse: {
            message: string;
            data: components["schemas"]["AssistantSummary"];
        };
        ListAssignablePhoneNumbersResponse: {
            id: number;
            phone_number: string;
            country_code: string;
            type_label: string;
            is_available: boolean;
        }[];
        Group: {
            id: number;
            name: string;
            color: string;
            assistants_count: number;
        };
        ListFoldersResponse: {
            data: components["schemas"]["Group"][];
            current_page: number;
            per_page: number;
            total: number;
        };
        CreateFolderRequest: {
            name: string;
            /**
             * @default gray
             * @enum {string}
             */
            color?: "gray" | "slate" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple" | "pink";
        };
        CreateFolderResponse: {
            message: string;
            data: components["schemas"]["Group"];
        };
        GetFolderResponse: {
            message: string;
            data: components["schemas"]["Group"];
        };
        UpdateFolderRequest: {
            name?: string;
            /** @enum {string} */
            color?: "gray" | "slate" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple" | "pink";
        };
        UpdateFolderResponse: {
            message: string;
            data: components["schemas"]["Group"];
        };
        ListLabelsResponse: {
            data: components["schemas"]["Group"][];
            current_page: number;
            per_page: number;
            total: number;
        };
        CreateLabelRequest: {
            name: string;
            /**
             * @default gray
             * @enum {string}
             */
            color?: "gray" | "slate" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple" | "pink";
        };
        CreateLabelResponse: {
            message: string;
            data: components["schemas"]["Group"];
        };
        GetLabelResponse: {
            message: string;
            data: components["schemas"]["Group"];
        };
        UpdateLabelRequest: {
            name?: string;
            /** @enum {string} */
            color?: "gray" | "slate" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple" | "pink";
        };
        UpdateLabelResponse: {
            message: string;
            data: components["schemas"]["Group"];
        };
        ListOutboundAssistantsResponse: {
            id: number;
            user_id: number;
            name: string;
            /** @enum {string} */
            type: "outbound";
            mode: string;
            status: string;
            voice_id: number;
            language_id: number;
            timezone: string;
            initial_message: string;
            system_prompt: string;
            variables: {
                [key: string]: string | number | boolean;
            };
            webhook_url: string | null;
            is_webhook_active: boolean;
            created_at: string;
            updated_at: string;
        }[];
        EnableInboundWebhookRequest: {
            assistant_id: number;
            /** Format: http-url */
            webhook_url: string;
        };
        EnableInboundWebhookResponse: {
            message: string;
            data: unknown[];
        };
        DisableInboundWebhookRequest: {
            assistant_id: number;
        };
        DisableInboundWebhookResponse: {
            message: string;
            data: unknown[];
        };
        EnableConversationEndedWebhookRequest: {
            assistant_id: number;
            /** Format: http-url */
            webhook_url: string;
        };
        EnableConversationEndedWebhookResponse: {
            message: string;
            data: unknown[];
        };
        DisableConversationEndedWebhookRequest: {
            assistant_id: number;
        };
        DisableConversationEndedWebhookResponse: {
            message: string;
            data: unknown[];
        };
        EnableWebhookRequest: {
            assistant_id: number;
            /** Format: http-url */
            webhook_url: string;
        };
        EnableWebhookResponse: {
            message: string;
            data: unknown[];
        };
        DisableWebhookRequest: {
            assistant_id: number;
        };
        DisableWebhookResponse: {
            message: string;
            data: unknown[];
        };
        Tool: {
            id: number;
            name: string;
            description: string;
            endpoint: string;
            /** @enum {string} */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            timeout: number;
            /** @description Values masked (`sk-1…wxyz`) except content negotiation headers; a viewer gets `••••••` for every value. Sending a masked value back keeps the stored one. */
            headers: {
                name: string;
                value: string;
            }[];
            schema: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "boolean";
                description: string;
            }[];
            created_at: string;
            updated_at: string;
        };
        ListToolsResponse: components["schemas"]["Tool"][];
        CreateToolRequest: {
            name: string & unknown;
            description: string;
            /** Format: http-url */
            endpoint: string;
            /** @enum {string} */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @default 10 */
            timeout?: number;
            /** @default [] */
            headers?: {
                name: string;
                value: string;
            }[];
            /** @default [] */
            schema?: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "boolean";
                description: string;
            }[];
        };
        CreateToolResponse: {
            message: string;
            data: components["schemas"]["Tool"];
        };
        GetToolResponse: {
            data: components["schemas"]["Tool"];
        };
        UpdateToolRequest: {
            name?: string & unknown;
            description?: string;
            /** Format: http-url */
            endpoint?: string;
            /** @enum {string} */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            timeout?: number;
            headers?: {
                name: string;
                value: string;
            }[];
            schema?: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "boolean";
                description: string;
            }[];
        };
        UpdateToolResponse: {
            message: string;
            data: components["schemas"]["Tool"];
        };
        TestToolRequest: {
            /** @description A value for each of the tool’s parameters, as the assistant would give them. */
            arguments?: {
                [key: string]: string | number | boolean;
            };
        };
        ToolTestResult: {
            request: {
                method: string;
                /** @description With the arguments as the query string for GET and DELETE; a password in it is masked. */
                url: string;
                /** @description Lower-case names. Values of headers that may carry a credential are masked (sk_l…7890). */
                headers: {
                    [key: string]: string;
                };
                /** @description The JSON sent for POST, PUT and PATCH. */
                body: string | null;
            };
            /** @description null when no answer came (see error). */
            response: {
                status: number;
                headers: {
                    [key: string]: string;
                };
                /** @description As text, at most 64 KB; the tool’s secret header values are masked wherever they appear. */
                body: string;
                body_truncated: boolean;
            } | null;
            /** @description Why no answer came: the URL was refused, or the endpoint could not be reached in time. */
            error: {
                /** @description FORBIDDEN_ADDRESS, INVALID_URL, DNS_FAILED, TIMEOUT, TOO_MANY_REDIRECTS or NETWORK. */
                code: string;
                message: string;
            } | null;
            /** @description From sending the request to the end of the answer. */
            duration_ms: number;
            /** @description What the assistant would be given: the answer as an object, or {"error": "..."} in words. */
            function_result: {
                [key: string]: unknown;
            };
        };
        PhoneNumber: {
            id: number;
            /** @description E.164 */
            phone_number: string;
            nickname: string | null;
            country_code: string;
            type: string;
            type_label: string;
            sms_capable: boolean;
            region: string;
            has_active_subscription: boolean;
            /** @enum {string} */
            provider?: "twilio";
            twilio_account_sid?: string;
            release_at?: string;
            monthly_price?: number;
            paid_until?: string;
            renewal_failed_at?: string | null;
            webhook_url?: string | null;
            created_at: string;
        };
        ListSmsPhoneNumbersResponse: {
            data: components["schemas"]["PhoneNumber"][];
        };
        CreatePhoneNumberRequest: {
            phone_number: string;
            /**
             * @default normal
             * @enum {string}
             */
            type?: "normal" | "sip" | "caller_id";
            nickname?: string | null;
            /** @default false */
            sms_capable?: boolean;
            /** @default  */
            region?: string;
            /** @default true */
            has_active_subscription?: boolean;
            /**
             * @description Calls on this number use its own Twilio account.
             * @enum {string|null}
             */
            provider?: "twilio" | null;
            /** @description Required with provider twilio. */
            twilio_account_sid?: string;
            /** @description Required with provider twilio; stored encrypted, never returned. */
            twilio_auth_token?: string;
        };
        CreatePhoneNumberResponse: {
            message: string;
            data: components["schemas"]["PhoneNumber"];
        };
        ListPhoneNumbersResponse: {
            data: components["schemas"]["PhoneNumber"][];
        };
        UpdatePhoneNumberRequest: {
            nickname?: string | null;
            /**
             * Format: http-url
             * @description A bought number's phone_number_renewal_failed and phone_number_released events go here.
             */
            webhook_url?: string | null;
        };
        UpdatePhoneNumberResponse: {
            message: string;
            data: {
                id: number;
                phone_number: string;
                nickname: string | null;
                country_code: string;
                type: string;
            };
        };
        AvailablePhoneNumber: {
            /** @description E.164 */
            phone_number: string;
            /** @description e.g. +1 415-555-1234 */
            phone_number_formatted: string;
            country_code: string;
            locality: string | null;
            region: string | null;
            /** @description USD a month, taken from the balance at purchase and at each renewal. */
            price: number;
            /** @description Always null: numbers are paid from the balance. */
            stripe_price_id: string | null;
            /** @enum {string} */
            address_requirements: "none" | "any" | "local" | "foreign";
            sms_capable: boolean;
        };
        SearchPhoneNumbersResponse: {
            data: components["schemas"]["AvailablePhoneNumber"][];
        };
        PurchasePhoneNumberRequest: {
            /** @description E.164, from a search result. */
            phone_number: string;
            nickname?: string | null;
            /**
             * Format: http-url
             * @description Receives this number's phone_number_renewal_failed and phone_number_released events.
             */
            webhook_url?: string | null;
        };
        PurchasePhoneNumberResponse: {
            message: string;
            data: components["schemas"]["PhoneNumber"];
        };
        SipTrunk: {
            /** @description The trunk's phone number id: assign it to assistants, delete it with DELETE /user/phone-numbers/{id}. */
            id: number;
            phone_number: string;
            nickname: string | null;
            country_code: string;
            /** @enum {string} */
            type: "sip";
            type_label: string;
            sip_trunk_type: string;
            sip_username: string | null;
            has_sip_password: boolean;
            sip_address: string;
            sip_calling_format: string;
            inbound_authorization_type: string;
            allowed_inbound_ips: string[];
            outbound_proxy: string | null;
            /** @description Where the carrier sends the trunk's calls (a Twilio SIP domain); null until Twilio has set it up. */
            inbound_sip_domain: string | null;
            created_at: string;
            updated_at: string;
        };
        ListSipTrunksResponse: {
            data: components["schemas"]["SipTrunk"][];
        };
        CreateSipTrunkRequest: {
            /**
             * @description `number`: a phone number of the carrier (E.164); `extension`: an extension of a PBX. Default `number`.
             * @enum {string}
             */
            sip_trunk_type?: "extension" | "number";
            /** @description E.164 for a number, the extension (e.g. 201) for an extension. */
            phone_number: string;
            nickname?: string | null;
            /** @description The trunk's username at the carrier: sent when the carrier challenges our calls, and asked of its calls to us with `auth`. */
            sip_username?: string | null;
            /** @description Stored encrypted, never returned. With `auth`: at least 12 characters, a digit, an upper-case and a lower-case letter. */
            sip_password?: string;
            /** @description Where calls to the carrier go: `host`, `host:port`, optionally `sip:` before and `;transport=udp|tcp|tls` after. */
            sip_address: string;
            /**
             * @description How numbers are written to the carrier: `+e164` (+14155550123, default), `e164` (14155550123), `national` (4155550123).
             * @enum {string}
             */
            sip_calling_format?: "+e164" | "e164" | "national";
            /**
             * @description How the carrier's calls to us are recognised: `auth` (its username and password, default) or `ip` (its addresses).
             * @enum {string}
             */
            inbound_authorization_type?: "auth" | "ip";
            /** @description With `ip`: the IPv4 addresses and CIDR ranges the carrier calls from. */
            allowed_inbound_ips?: string[];
            /** @description The trunk's country (ISO 3166-1 alpha-2): the number's own by default; `national` numbers are written for it. */
            country_code?: string;
            /** @description Where Twilio sends the INVITEs of calls out instead of `sip_address`. */
            outbound_proxy?: string | null;
        };
        CreateSipTrunkResponse: {
            message: string;
            data: components["schemas"]["SipTrunk"];
        };
        GetSipTrunkResponse: {
            data: components["schemas"]["SipTrunk"];
        };
        UpdateSipTrunkRequest: {
            /**
             * @description `number`: a phone number of the carrier (E.164); `extension`: an extension of a PBX. Default `number`.
             * @enum {string}
             */
            sip_trunk_type?: "extension" | "number";
            /** @description E.164 for a number, the extension (e.g. 201) for an extension. */
            phone_number?: string;
            nickname?: string | null;
            /** @description The trunk's username at the carrier: sent when the carrier challenges our calls, and asked of its calls to us with `auth`. */
            sip_username?: string | null;
            /** @description Stored encrypted, never returned. With `auth`: at least 12 characters, a digit, an upper-case and a lower-case letter. */
            sip_password?: string;
            /** @description Where calls to the carrier go: `host`, `host:port`, optionally `sip:` before and `;transport=udp|tcp|tls` after. */
            sip_address?: string;
            /**
             * @description How numbers are written to the carrier: `+e164` (+14155550123, default), `e164` (14155550123), `national` (4155550123).
             * @enum {string}
             */
            sip_calling_format?: "+e164" | "e164" | "national";
            /**
             * @description How the carrier's calls to us are recognised: `auth` (its username and password, default) or `ip` (its addresses).
             * @enum {string}
             */
            inbound_authorization_type?: "auth" | "ip";
            /** @description With `ip`: the IPv4 addresses and CIDR ranges the carrier calls from. */
            allowed_inbound_ips?: string[];
            /** @description The trunk's country (ISO 3166-1 alpha-2): the number's own by default; `national` numbers are written for it. */
            country_code?: string;
            /** @description Where Twilio sends the INVITEs of calls out instead of `sip_address`. */
            outbound_proxy?: string | null;
        };
        UpdateSipTrunkResponse: {
            message: string;
            data: components["schemas"]["SipTrunk"];
        };
        GetWebhookSecretResponse: {
            /** @description HMAC-SHA256 key of X-Switchboard-Signature. */
            secret: string;
            /** Format: date-time */
            created_at: string;
        };
        RotateWebhookSecretResponse: {
            message: string;
            /** @description HMAC-SHA256 key of X-Switchboard-Signature. */
            secret: string;
            /** Format: date-time */
            created_at: string;
        };
        WebhookDeliverySummary: {
            id: number;
            /**
             * Format: uuid
             * @description Sent as X-Switchboard-Delivery; the same on every retry.
             */
            delivery_id: string;
            event: string;
            url: string;
            status: "pending" | "delivered" | "failed";
            attempt_count: number;
            last_status_code: number | null;
            last_error: string | null;
            next_attempt_at: string | null;
            completed_at: string | null;
            /** @description The assistant whose event it is; null for an account event. */
            assistant_id: number | null;
            /** @description For a redelivery: the id of the delivery it repeats. */
            redelivery_of: number | null;
            /** Format: date-time */
            created_at: string;
        };
        ListWebhookDeliveriesResponse: {
            data: components["schemas"]["WebhookDeliverySummary"][];
            path: string;
            per_page: number;
            next_cursor: string | null;
            prev_cursor: string | null;
        };
        WebhookDeliveryAttempt: {
            attempt: number;
            request: {
                /** @enum {string} */
                method: "POST";
                url: string;
                /** @description What the attempt sent, less X-Switchboard-Signature; null for attempts logged before headers were kept. */
                headers: {
                    [key: string]: string;
                } | null;
            };
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            status_code: number | null;
            error: string | null;
            response_body: string | null;
        };
        WebhookDelivery: {
            id: number;
            /**
             * Format: uuid
             * @description Sent as X-Switchboard-Delivery; the same on every retry.
             */
            delivery_id: string;
            event: string;
            url: string;
            status: "pending" | "delivered" | "failed";
            attempt_count: number;
            last_status_code: number | null;
            last_error: string | null;
            next_attempt_at: string | null;
            completed_at: string | null;
            /** @description The assistant whose event it is; null for an account event. */
            assistant_id: number | null;
            /** @description For a redelivery: the id of the delivery it repeats. */
            redelivery_of: number | null;
            /** Format: date-time */
            created_at: string;
            /** @description The JSON body that is sent. */
            payload: unknown;
            /** @description The exact bytes every attempt sends and signs. */
            request_body: string;
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        RedeliverWebhookDeliveryResponse: {
            message: string;
            data: components["schemas"]["WebhookDeliverySummary"];
        };
        UsageDay: {
            /** @description YYYY-MM-DD in the report's time zone. */
            date: string;
            /** @description Customers' messages in conversations. */
            messages: number;
            /** @description Assistants' messages, greetings included. */
            replies: number;
            calls: number;
            /** @description Calls placed or received, by their status now. */
            calls_by_status: {
                initiated: number;
                ringing: number;
                "in-progress": number;
                completed: number;
                busy: number;
                "no-answer": number;
                failed: number;
                ended: number;
                ended_by_customer: number;
                ended_by_assistant: number;
            };
            /** @description Talk time of the calls. */
            call_seconds: number;
            /** @description call_seconds / 60, to two decimals. */
            call_minutes: number;
            /** @description USD spent that day according to the balance ledger: charges less their refunds. */
            spend: number;
        };
        UsageAssistant: {
            /** @description Null for calls whose assistant was deleted. */
            assistant_id: number | null;
            /** @description Null when the assistant was deleted. */
            name: string | null;
            /** @description Customers' messages in conversations. */
            messages: number;
            /** @description Assistants' messages, greetings included. */
            replies: number;
            calls: number;
            /** @description Calls placed or received, by their status now. */
            calls_by_status: {
                initiated: number;
                ringing: number;
                "in-progress": number;
                completed: number;
                busy: number;
                "no-answer": number;
                failed: number;
                ended: number;
                ended_by_customer: number;
                ended_by_assistant: number;
            };
            /** @description Talk time of the calls. */
            call_seconds: number;
            /** @description call_seconds / 60, to two decimals. */
            call_minutes: number;
            /** @description USD: the cost of the assistant's calls and conversations started in the range. */
            cost: number;
        };
        GetUsageResponse: {
            date_from: string;
            date_to: string;
            timezone: string;
            totals: {
                /** @description Customers' messages in conversations. */
                messages: number;
                /** @description Assistants' messages, greetings included. */
                replies: number;
                calls: number;
                /** @description Calls placed or received, by their status now. */
                calls_by_status: {
                    initiated: number;
                    ringing: number;
                    "in-progress": number;
                    completed: number;
                    busy: number;
                    "no-answer": number;
                    failed: number;
                    ended: number;
                    ended_by_customer: number;
                    ended_by_assistant: number;
                };
                /** @description Talk time of the calls. */
                call_seconds: number;
                /** @description call_seconds / 60, to two decimals. */
                call_minutes: number;
                spend: number;
            };
            days: components["schemas"]["UsageDay"][];
            assistants: components["schemas"]["UsageAssistant"][];
        };
        CreateCallsExportLinkRequest: {
            /**
             * @description The first day, in `timezone`.
             * @example 2026-03-01
             */
            date_from: string;
            /**
             * @description The last day, included.
             * @example 2026-03-01
             */
            date_to: string;
            /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
            timezone?: string;
        };
        CreateCallsExportLinkResponse: {
            /** @description GET it without a token (a browser download); it works until expires_at. */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        CreateConversationsExportLinkRequest: {
            /**
             * @description The first day, in `timezone`.
             * @example 2026-03-01
             */
            date_from: string;
            /**
             * @description The last day, included.
             * @example 2026-03-01
             */
            date_to: string;
            /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
            timezone?: string;
        };
        CreateConversationsExportLinkResponse: {
            /** @description GET it without a token (a browser download); it works until expires_at. */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        CreateLedgerExportLinkRequest: {
            /**
             * @description The first day, in `timezone`.
             * @example 2026-03-01
             */
            date_from: string;
            /**
             * @description The last day, included.
             * @example 2026-03-01
             */
            date_to: string;
            /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
            timezone?: string;
        };
        CreateLedgerExportLinkResponse: {
            /** @description GET it without a token (a browser download); it works until expires_at. */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        AuditEvent: {
            id: number;
            actor: {
                /** @description member: a member's session; api_key: an API key (member_id: who created it); operator: the server's operator; system: the admin CLI. */
                kind: "member" | "api_key" | "operator" | "system";
                /** @description The member's e-mail or `API key "name"` as it was then; kept after they are gone. */
                label: string;
                member_id: number | null;
            };
            /** @description `<resource>.<verb>`, e.g. `assistant.updated`, `tool.deleted`, `webhook_secret.rotated`. */
            action: string;
            resource_type: string;
            resource_id: string | null;
            /** @description Where the request came from; null for the admin CLI. */
            ip: string | null;
            user_agent: string | null;
            /** @description What the action needs besides the resource: the fields an update changed, a deleted resource's name, ... */
            details: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
        };
        ListAuditLogResponse: {
            data: components["schemas"]["AuditEvent"][];
            next_cursor: string | null;
            prev_cursor: string | null;
        };
        SenderSummary: {
            id: number;
            phone_number: string;
            display_name: string;
            status: "online" | "offline";
            /** @description GREEN, YELLOW, RED, or UNKNOWN until the platform reports one. */
            quality_rating: string;
            /** @description null means unlimited. */
            messaging_limit: number | null;
            messaging_limit_formatted: string;
            voice_calling_enabled: boolean;
            platform: "cloud_api" | "simulator";
        };
        ListSendersResponse: {
            data: components["schemas"]["SenderSummary"][];
        };
        CodedErrorBody: {
            /** @enum {boolean} */
            success: false;
            error: string;
            error_code: string;
            errors?: {
                [key: string]: string[];
            };
        } & {
            [key: string]: unknown;
        };
        CreateSenderRequest: {
            display_name: string;
            /** @description The business number, international format. */
            phone_number: string;
            platform: "cloud_api" | "simulator";
            /** @description cloud_api: the Phone-Number-ID. */
            phone_number_id?: string;
            /** @description cloud_api: the WhatsApp Business Account ID. */
            waba_id?: string;
            /** @description cloud_api: encrypted at rest, never returned. */
            access_token?: string;
            /** @default false */
            voice_calling_enabled?: boolean;
            /**
             * Format: http-url
             * @description http(s) URL that receives whatsapp_voice events.
             */
            voice_webhook_url?: string | null;
            /**
             * Format: http-url
             * @description http(s) URL that receives a signed message_status event (sent, delivered, read, failed) for every outbound message. Private addresses are refused at delivery.
             */
            status_webhook_url?: string | null;
            /** @description Your assistant that answers this sender's chats. */
            assistant_id?: number | null;
        };
        Sender: {
            id: number;
            phone_number: string;
            display_name: string;
            status: "online" | "offline";
            /** @description GREEN, YELLOW, RED, or UNKNOWN until the platform reports one. */
            quality_rating: string;
            /** @description null means unlimited. */
            messaging_limit: number | null;
            messaging_limit_formatted: string;
            voice_calling_enabled: boolean;
            platform: "cloud_api" | "simulator";
            country_code: string | null;
            phone_number_id: string | null;
            waba_id: string | null;
            /** @description cloud_api: the business name the platform verified for the number. */
            verified_name: string | null;
            voice_webhook_url: string | null;
            status_webhook_url: string | null;
            /** @description Why the platform state made the sender offline; null while online. */
            offline_reason: string | null;
            /** @description cloud_api: the platform's review of the display name (APPROVED, PENDING, DECLINED, ...). */
            name_status: string | null;
            /** @description Last time the platform's status, quality and limit were read (every 5 minutes). */
            state_synced_at: string | null;
            assistant_id: number | null;
            templates_synced_at: string | null;
            templates_sync_error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateSenderResponse: {
            /** @enum {boolean} */
            success: true;
            message: string;
            data: components["schemas"]["Sender"];
        };
        GetSenderResponse: {
            data: components["schemas"]["Sender"];
        };
        DeleteSenderResponse: {
            /** @enum {boolean} */
            success: true;
            message: string;
        };
        UpdateSenderRequest: {
            display_name?: string;
            access_token?: string;
            voice_calling_enabled?: boolean;
            /**
             * Format: http-url
             * @description http(s) URL that receives whatsapp_voice events.
             */
            voice_webhook_url?: string | null;
            /**
             * Format: http-url
             * @description http(s) URL that receives a signed message_status event (sent, delivered, read, failed) for every outbound message. Private addresses are refused at delivery.
             */
            status_webhook_url?: string | null;
            assistant_id?: number | null;
        };
        UpdateSenderResponse: {
            /** @enum {boolean} */
            success: true;
            message: string;
            data: components["schemas"]["Sender"];
        };
        Template: {
            id: number;
            name: string;
            language: string;
            category: string;
            status: "approved" | "pending" | "rejected";
            body_text: string;
            variables: string[];
            has_variables: boolean;
            /** @description Set when the header takes a value at send time. */
            header_format: "text" | "image" | "video" | "document" | null;
            /** @description Keys of `variables` a send fills the header with: header_1 (header_<name> for named templates) for text, header_image/header_video/header_document for media (an https link or a media id). */
            header_variables: string[];
            /** @description Keys of `variables` for URL buttons with a placeholder: button_<index>. */
            button_variables: string[];
        };
        ListTemplatesResponse: {
            data: components["schemas"]["Template"][];
        };
        SyncTemplatesResponse: {
            /** @enum {boolean} */
            success: true;
            message: string;
            /** @description Templates the sender has after the sync. */
            synced: number;
            /** Format: date-time */
            synced_at: string;
        };
        SimulateInboundMessageRequest: {
            /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
            from: string;
            name?: string;
            text: string;
            /** @description Unix seconds or ISO 8601; default now. */
            timestamp?: number | string;
        };
        ChatappSessionStatus: {
            is_open: boolean;
            can_send_freeform: boolean;
            requires_template: boolean;
            message: string;
            /** @description Only while open. */
            minutes_remaining?: number;
            /** @description While open; null when no customer message exists. */
            expires_at?: string | null;
            /**
             * Format: date-time
             * @description Only once expired.
             */
            expired_at?: string;
        };
        SimulateInboundMessageResponse: {
            /** @enum {boolean} */
            success: true;
            conversation_id: number;
            message_id: number;
            session_status: components["schemas"]["ChatappSessionStatus"];
        };
        SimulateCallPermissionReplyRequest: {
            /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
            from: string;
            accept: boolean;
            /** @default false */
            permanent?: boolean;
        };
        CallPermission: {
            /** @enum {boolean} */
            success: true;
            sender_id: number;
            customer_phone: string;
            conversation_id: string | null;
            /** @description null: never asked. */
            status: "pending" | "granted" | "rejected" | "revoked" | "expired" | null;
            can_call: boolean;
            can_request: boolean;
            session_open: boolean;
            expires_at: string | null;
            requested_at: string | null;
        };
        GetSessionStatusResponse: {
            /** @enum {boolean} */
            success: true;
            has_conversation: boolean;
            conversation_id?: number;
            customer_name?: string;
            last_customer_message_at?: string | null;
            session_status: components["schemas"]["ChatappSessionStatus"];
        };
        SendTemplateMessageRequest: {
            /** @description Id of one of your senders. */
            sender_id: number;
            template_id: number;
            /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
            recipient_phone: string;
            recipient_name?: string;
            /** @description Values by placeholder number ({"1": "John"}) or by the template's variable names, or a list in placeholder order (["John", "Friday"]). */
            variables?: {
                [key: string]: string | number;
            } | (string | number)[];
        };
        SendTemplateMessageResponse: {
            /** @enum {boolean} */
            success: true;
            conversation_id: number;
            message_id: number;
            /** @description Our record of the platform message. */
            whatsapp_message_id: number;
            /** @description The platform's message id. */
            message_sid: string;
            /** @description queued until the platform reports sent, delivered or read. */
            status: string;
        };
        SendFreeformMessageRequest: {
            /** @description Id of one of your senders. */
            sender_id: number;
            /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
            recipient_phone: string;
            /** @description The text; the caption when media_url is given (ignored for audio). */
            message?: string;
            /**
             * Format: http-url
             * @description A public URL of an image, audio, video or document.
             */
            media_url?: string;
            filename?: string;
        };
        SendFreeformMessageResponse: {
            /** @enum {boolean} */
            success: true;
            conversation_id: number;
            message_id: number;
            /** @description Our record of the platform message. */
            whatsapp_message_id: number;
            /** @description The platform's message id. */
            message_sid: string;
            session_status: components["schemas"]["ChatappSessionStatus"];
        };
        ChatappMessage: {
            id: number;
            direction: "inbound" | "outbound";
            kind: string;
            body: string;
            status: string;
            template_id: number | null;
            message_sid: string | null;
            error_code: number | null;
            error_message: string | null;
            media: {
                id: string;
                mime_type: string | null;
                caption: string | null;
                filename: string | null;
            } | null;
            group_id: string | null;
            deleted: boolean;
            edited: boolean;
            original_body: string | null;
            /** Format: date-time */
            created_at: string;
        };
        ListChatappMessagesResponse: {
            conversation_id: number | null;
            data: components["schemas"]["ChatappMessage"][];
        };
        RequestCallPermissionRequest: {
            /** @description Id of one of your senders. */
            sender_id: number;
            /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
            recipient_phone: string;
            recipient_name?: string;
            /** @description A Voice Call Request template; default the sender's approved one. */
            template_id?: number;
        };
        ReceiveChatappWebhookResponse: {
            received: boolean;
        };
        KnowledgeBase: {
            id: number;
            name: string;
            description: string | null;
            /** @description failed if any document failed; processing while any is processed; empty with no documents. */
            status: "empty" | "processing" | "active" | "failed";
            status_label: string;
            documents_count: number;
            assistants_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ListKnowledgeBasesResponse: {
            data: components["schemas"]["KnowledgeBase"][];
        };
        SimpleErrorBody: {
            error: string;
        };
        CreateKnowledgeBaseRequest: {
            name: string;
            description?: string | null;
        };
        CreateKnowledgeBaseResponse: {
            message: string;
            data: components["schemas"]["KnowledgeBase"];
        };
        GetKnowledgeBaseResponse: {
            data: components["schemas"]["KnowledgeBase"];
        };
        UpdateKnowledgeBaseRequest: {
            name?: string;
            description?: string | null;
        };
        UpdateKnowledgeBaseResponse: {
            message: string;
            data: components["schemas"]["KnowledgeBase"];
        };
        SearchKnowledgeBaseResponse: {
            data: {
                document_id: number;
                document_name: string;
                /** @description The headings the passage sits under, outermost first. */
                heading: string;
                content: string;
                /** @description The page a website passage came from. */
                url: string | null;
                /** @description Relevance, 0 to 1; higher is better. */
                score: number;
            }[];
        };
        KnowledgeDocument: {
            id: number;
            knowledgebase_id: number;
            name: string;
            description: string | null;
            type: "website" | "pdf" | "txt" | "docx";
            type_label: string;
            status: "processing" | "active" | "failed";
            status_label: string;
            /** @description Why processing failed; null unless failed. */
            failure_reason: string | null;
            url: string | null;
            links: string[] | null;
            relative_links_limit: number | null;
            chunks_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ListDocumentsResponse: {
            data: components["schemas"]["KnowledgeDocument"][];
        };
        CreateDocumentRequest: {
            name: string;
            description?: string | null;
            type: "website" | "pdf" | "txt" | "docx";
            /** Format: http-url */
            url?: string;
            links?: string[];
            /** @default 10 */
            relative_links_limit?: number;
            /** @description txt only: the text itself, instead of a file. */
            content?: string;
            /** @description pdf, docx or txt: the file (multipart), at most 20 MB. */
            file?: unknown;
        };
        CreateDocumentResponse: {
            message: string;
            data: components["schemas"]["KnowledgeDocument"];
        };
        GetDocumentResponse: {
            data: components["schemas"]["KnowledgeDocument"];
        };
        UpdateDocumentRequest: {
            name?: string;
            description?: string | null;
        };
        UpdateDocumentResponse: {
            message: string;
            data: components["schemas"]["KnowledgeDocument"];
        };
        GetWidgetConfigResponse: {
            /** @enum {boolean} */
            status: true;
            /** Format: uuid */
            assistant_id: string;
            name: string;
            language: string;
            greeting: string;
            settings: {
                title: string;
                subtitle: string | null;
                avatar_url: string | null;
                primary_color: string;
                position: string;
                launcher_text: string | null;
            };
            call: {
                enabled: boolean;
            };
        };
        ConversationErrorBody: {
            /** @enum {boolean} */
            status: false;
            error: string;
        };
        CreateConversationRequest: {
            /**
             * Format: uuid
             * @description The assistant's UUID.
             */
            assistant_id: string;
            /**
             * @description widget (charged per user message) or test (free; needs the owner's Bearer token).
             * @default widget
             * @enum {string}
             */
            type?: "widget" | "test";
            variables?: {
                [key: string]: string | number | boolean;
            } | null;
        };
        FunctionCall: {
            name: string;
            arguments: {
                [key: string]: unknown;
            };
            result: {
                [key: string]: unknown;
            };
        };
        ConversationHistoryItem: {
            /** @enum {string} */
            role: "user" | "assistant" | "system";
            content: string;
            function_calls?: components["schemas"]["FunctionCall"][];
        };
        CreateConversationResponse: {
            /** @enum {boolean} */
            status: true;
            /** Format: uuid */
            conversation_id: string;
            history: components["schemas"]["ConversationHistoryItem"][];
        };
        SendConversationMessageRequest: {
            message: string;
        };
        SendConversationMessageResponse: {
            /** @enum {boolean} */
            status: true;
            /** @description The reply; empty when the conversation's AI is disabled (a human answers). */
            message: string;
            function_calls: components["schemas"]["FunctionCall"][];
            /**
             * @description Present when the AI is disabled: the message was stored and nobody answered yet.
             * @enum {boolean}
             */
            ai_disabled?: true;
        };
        ConversationParty: {
            name: string | null;
            phone: string | null;
            user_id?: string;
        };
        GetConversationResponse: {
            /** @enum {boolean} */
            status: true;
            history: components["schemas"]["ConversationHistoryItem"][];
            variables: {
                [key: string]: unknown;
            } | null;
            external_identifier?: string;
            whatsapp_sender?: components["schemas"]["ConversationParty"] | null;
            customer?: components["schemas"]["ConversationParty"];
        };
        ListConversationsResponse: {
            data: {
                id: string;
                assistant_id: string;
                assistant_name: string;
                type: string;
                variables: {
                    [key: string]: unknown;
                } | null;
                message_count: number;
                total_cost: number;
                ai_enabled: boolean;
                status: string;
                created_at: string;
                updated_at: string;
                external_identifier?: string;
                whatsapp_sender?: components["schemas"]["ConversationParty"] | null;
                customer?: components["schemas"]["ConversationParty"];
            }[];
            path: string;
            per_page: number;
            next_cursor: string | null;
            prev_cursor: string | null;
        };
        ConversationRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            assistant_id: string;
            assistant_name: string;
            /** @description test, widget, whatsapp (the chat app), api or sms */
            type: string;
            /** @description active or ended */
            status: string;
            end_reason: string | null;
            /** @description false while a person has taken over */
            ai_enabled: boolean;
            message_count: number;
            /** @description USD */
            total_cost: number;
            variables: {
                [key: string]: unknown;
            } | null;
            /** @description What the assistant extracted once the conversation ended; null before. */
            evaluation: {
                [key: string]: unknown;
            } | null;
            chatapp: {
                /** @description The chat app sender: the sender_id of /user/chatapp/session-status and /send-freeform. */
                sender_id: number;
                /** @description The customer's number (E.164), or the platform's user id when they hide it. */
                customer_phone: string | null;
                customer_name: string | null;
            } | null;
            sms: {
                /** @description The account's number the conversation runs on (null once the number is deleted). */
                phone_number_id: number | null;
                /** @description The customer's number (E.164). */
                customer_phone: string | null;
            } | null;
            messages: {
                id: number;
                /** @enum {string} */
                role: "user" | "assistant" | "system";
                content: string;
                function_calls: components["schemas"]["FunctionCall"][];
                /** Format: date-time */
                created_at: string;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GenerateReplyRequest: {
            assistant_id: number | string;
            customer_identifier: string;
            message: string;
            variables?: {
                [key: string]: string | number | boolean;
            };
        };
        GenerateReplyResponse: {
            /** @enum {boolean} */
            success: true;
            conversation_id: string;
            customer_identifier: string;
            reply: string;
            function_calls: components["schemas"]["FunctionCall"][];
            ai_disabled: boolean;
        };
        DisableAiRepliesResponse: {
            /** @enum {boolean} */
            status: true;
            ai_enabled: boolean;
        };
        EnableAiRepliesResponse: {
            /** @enum {boolean} */
            status: true;
            ai_enabled: boolean;
        };
        MakeCallRequest: {
            /** @description The number to call, E.164. */
            phone_number: string;
            assistant_id: number;
            variables?: {
                [key: string]: string | number | boolean;
            } | null;
        };
        MakeCallResponse: {
            message: string;
            call_id: number;
            status: string;
        };
        Call: {
            id: number;
            assistant_id: number | null;
            assistant_name: string | null;
            campaign_name: string | null;
            /** @description inbound, outbound, web, whatsapp_outbound or whatsapp_inbound */
            type: string;
            /**
             * @description inbound: the customer called the assistant (browser calls too); outbound: the assistant called the customer
             * @enum {string}
             */
            direction: "inbound" | "outbound";
            /** @description Seconds of talk */
            duration: number;
            assistant_phone_number: string | null;
            client_phone_number: string | null;
            status: string;
            end_reason: string | null;
            transcript: {
                text: string;
                /** @enum {string} */
                type: "transcript";
                sender: "bot" | "human";
                /** @description Unix seconds */
                timestamp: number;
                /** @description On a bot entry: the functions the assistant called for that reply. */
                function_calls?: {
                    name: string;
                    arguments: {
                        [key: string]: unknown;
                    };
                    result: {
                        [key: string]: unknown;
                    };
                }[];
                /** @description On a bot entry answering the caller's words: where the reply's time went. */
                latency?: {
                    /** @description Unix seconds: the caller stopped speaking */
                    caller_speech_ended_at: number | null;
                    /** @description Unix seconds: the final transcript of their turn arrived */
                    transcript_final_at: number | null;
                    /** @description Unix seconds: the model's first token */
                    model_first_token_at: number | null;
                    /** @description Unix seconds: the first audio of the reply went out */
                    first_audio_sent_at: number | null;
                };
            }[];
            variables: {
                [key: string]: unknown;
            };
            evaluation: {
                [key: string]: unknown;
            } | null;
            /** @description Reserved: what the post-call webhook receiver answered (not kept). */
            webhook_response: null;
            /** @description USD */
            carrier_cost: number;
            /** @description USD */
            total_cost: number;
            /** @description human, machine or unknown */
            answered_by: string | null;
            recording_url: string | null;
            created_at: string;
            updated_at: string;
            /** @description When the call was answered, as created_at; null when it never was */
            answered_at: string | null;
            /** @description When the call ended, as created_at; null while it goes on */
            ended_at: string | null;
        };
        ListCallsResponse: {
            current_page: number;
            data: components["schemas"]["Call"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        StartWebCallRequest: {
            /**
             * Format: uuid
             * @description The assistant's UUID.
             */
            assistant_id: string;
            variables?: {
                [key: string]: string | number | boolean;
            } | null;
        };
        StartWebCallResponse: {
            /** @description The call record (GET /api/user/calls/{id} for its owner). */
            call_id: number;
            /** @description Open within expires_at; the token in it works once. */
            websocket_url: string;
            /** @description ISO 8601; the socket must be opened before this. */
            expires_at: string;
        };
        PostUserChatappVoiceCallRequest: {
            sender_id: number;
            /** @description The customer, E.164. */
            recipient_phone: string;
            variables?: {
                [key: string]: string;
            };
        };
        PostUserChatappVoiceCallResponse: {
            /** @enum {boolean} */
            success: true;
            /** @enum {string} */
            status: "queued";
            sender_id: number;
            customer_phone: string;
        };
        Campaign: {
            id: number;
            name: string;
            assistant_id: number | null;
            /** @description draft, in-progress, paused (by the dialer: see pause_reason), stopped or completed */
            status: string;
            pause_reason: string | null;
            timezone: string;
            max_calls_in_parallel: number;
            mark_complete_when_no_leads: boolean;
            /** @description HH:MM:SS */
            allowed_hours_start_time: string;
            /** @description HH:MM:SS */
            allowed_hours_end_time: string;
            allowed_days: string[];
            max_retries: number;
            retry_interval: number;
            retry_on_voicemail: boolean;
            retry_on_goal_incomplete: boolean;
            goal_completion_variable: string | null;
            phone_number_ids: number[];
            pre_dial_webhook_url: string | null;
            /** @description Signs the pre-dial webhook (X-Signature-256 over "<X-Timestamp>.<body>"). A viewer gets `••••••`. */
            pre_dial_webhook_secret: string | null;
            created_at: string;
            updated_at: string;
        };
        ListCampaignsResponse: components["schemas"]["Campaign"][];
        CreateCampaignPluralRequest: {
            name: string;
            /** @description An outbound assistant of the account. */
            assistant_id: number;
            /** @description IANA time zone of the allowed hours; default the assistant's. */
            timezone?: string;
            /** @default 3 */
            max_calls_in_parallel?: number;
            /**
             * @description H:i in the campaign's time zone, e.g. 09:00.
             * @default 00:00
             */
            allowed_hours_start_time?: string;
            /**
             * @description An end before the start is a window crossing midnight: it belongs to the day it starts on.
             * @default 23:59
             */
            allowed_hours_end_time?: string;
            /**
             * @default [
             *       "monday",
             *       "tuesday",
             *       "wednesday",
             *       "thursday",
             *       "friday",
             *       "saturday",
             *       "sunday"
             *     ]
             */
            allowed_days?: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday")[];
            /**
             * @description Attempts per contact before it is given up.
             * @default 3
             */
            max_retries?: number;
            /**
             * @description Minutes between attempts on one contact.
             * @default 60
             */
            retry_interval?: number;
            /** @default false */
            retry_on_voicemail?: boolean;
            /** @default false */
            retry_on_goal_incomplete?: boolean;
            /** @description A bool item of the assistant's post-call schema (or status). */
            goal_completion_variable?: string | null;
            /** @default true */
            mark_complete_when_no_leads?: boolean;
            /**
             * @description Caller numbers, used in turn; empty: the assistant's number.
             * @default []
             */
            phone_number_ids?: number[];
            /**
             * Format: http-url
             * @description Asked before each dial (signed, short timeout); answering {"skip": true} skips the lead.
             */
            pre_dial_webhook_url?: string | null;
        };
        CreateCampaignPluralResponse: {
            message: string;
            data: components["schemas"]["Campaign"];
        };
        CreateCampaignRequest: {
            name: string;
            /** @description An outbound assistant of the account. */
            assistant_id: number;
            /** @description IANA time zone of the allowed hours; default the assistant's. */
            timezone?: string;
            /** @default 3 */
            max_calls_in_parallel?: number;
            /**
             * @description H:i in the campaign's time zone, e.g. 09:00.
             * @default 00:00
             */
            allowed_hours_start_time?: string;
            /**
             * @description An end before the start is a window crossing midnight: it belongs to the day it starts on.
             * @default 23:59
             */
            allowed_hours_end_time?: string;
            /**
             * @default [
             *       "monday",
             *       "tuesday",
             *       "wednesday",
             *       "thursday",
             *       "friday",
             *       "saturday",
             *       "sunday"
             *     ]
             */
            allowed_days?: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday")[];
            /**
             * @description Attempts per contact before it is given up.
             * @default 3
             */
            max_retries?: number;
            /**
             * @description Minutes between attempts on one contact.
             * @default 60
             */
            retry_interval?: number;
            /** @default false */
            retry_on_voicemail?: boolean;
            /** @default false */
            retry_on_goal_incomplete?: boolean;
            /** @description A bool item of the assistant's post-call schema (or status). */
            goal_completion_variable?: string | null;
            /** @default true */
            mark_complete_when_no_leads?: boolean;
            /**
             * @description Caller numbers, used in turn; empty: the assistant's number.
             * @default []
             */
            phone_number_ids?: number[];
            /**
             * Format: http-url
             * @description Asked before each dial (signed, short timeout); answering {"skip": true} skips the lead.
             */
            pre_dial_webhook_url?: string | null;
        };
        CreateCampaignResponse: {
            message: string;
            data: components["schemas"]["Campaign"];
        };
        GetCampaignResponse: {
            data: components["schemas"]["Campaign"];
        };
        UpdateCampaignRequest: {
            name?: string;
            /** @description An outbound assistant of the account. */
            assistant_id?: number;
            /** @description IANA time zone of the allowed hours; default the assistant's. */
            timezone?: string;
            max_calls_in_parallel?: number;
            /** @description H:i in the campaign's time zone, e.g. 09:00. */
            allowed_hours_start_time?: string;
            /** @description An end before the start is a window crossing midnight: it belongs to the day it starts on. */
            allowed_hours_end_time?: string;
            allowed_days?: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday")[];
            /** @description Attempts per contact before it is given up. */
            max_retries?: number;
            /** @description Minutes between attempts on one contact. */
            retry_interval?: number;
            retry_on_voicemail?: boolean;
            retry_on_goal_incomplete?: boolean;
            /** @description A bool item of the assistant's post-call schema (or status). */
            goal_completion_variable?: string | null;
            mark_complete_when_no_leads?: boolean;
            /** @description Caller numbers, used in turn; empty: the assistant's number. */
            phone_number_ids?: number[];
            /**
             * Format: http-url
             * @description Asked before each dial (signed, short timeout); answering {"skip": true} skips the lead.
             */
            pre_dial_webhook_url?: string | null;
        };
        UpdateCampaignResponse: {
            message: string;
            data: components["schemas"]["Campaign"];
        };
        UpdateCampaignStatusRequest: {
            campaign_id: number;
            /** @description start or stop */
            action: string;
        };
        UpdateCampaignStatusResponse: {
            message: string;
            success: boolean;
            data: {
                campaign_id: number;
                status: string;
            };
        };
        CampaignProgress: {
            campaign_id: number;
            status: string;
            pause_reason: string | null;
            leads: {
                total: number;
                created: number;
                scheduled: number;
                processing: number;
                completed: number;
                rescheduled: number;
                "reached-max-retries": number;
                blacklisted: number;
            };
            calls_in_progress: number;
            /** @description ISO 8601: when the dialer will next place a call, null when nothing is left to dial or the campaign is not running. */
            next_dial_at: string | null;
        };
        CreateLeadRequest: {
            /** @description E.164, e.g. +14155550199. */
            phone_number: string;
            campaign_id: number;
            variables?: {
                [key: string]: string | number | boolean | null;
            };
            /** @description Spelled as the reference spells it: add the lead even if the campaign has this number already. */
            allow_dupplicate?: boolean;
            /** @description Dialled in order once the lead's own number has had its attempts. */
            secondary_contacts?: {
                /** @description E.164, e.g. +14155550199. */
                phone_number: string;
                variables?: {
                    [key: string]: string | number | boolean | null;
                };
            }[];
        };
        Lead: {
            id: number;
            campaign_id: number;
            phone_number: string;
            variables: {
                [key: string]: unknown;
            };
            status: string;
            call_tries: number;
            last_outcome: string | null;
            next_attempt_at: string | null;
            created_at: string;
            updated_at: string;
            campaign: {
                id: number;
                name: string;
            };
            secondary_contacts: {
                id: number;
                phone_number: string;
                variables: {
                    [key: string]: unknown;
                };
                status: string;
                created_at: string;
                updated_at: string;
            }[];
        };
        CreateLeadResponse: {
            message: string;
            data: components["schemas"]["Lead"];
        };
        ListLeadsResponse: {
            current_page: number;
            data: components["schemas"]["Lead"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        GetLeadResponse: {
            data: {
                id: number;
                campaign_id: number;
                phone_number: string;
                variables: {
                    [key: string]: unknown;
                };
                status: string;
                call_tries: number;
                last_outcome: string | null;
                next_attempt_at: string | null;
                created_at: string;
                updated_at: string;
                campaign: {
                    id: number;
                    name: string;
                };
                secondary_contacts: {
                    id: number;
                    phone_number: string;
                    variables: {
                        [key: string]: unknown;
                    };
                    status: string;
                    created_at: string;
                    updated_at: string;
                }[];
                attempts: {
                    id: number;
                    phone_number: string;
                    call_id: number | null;
                    /** @description null while the attempt is in progress */
                    outcome: string | null;
                    detail: string | null;
                    started_at: string;
                    ended_at: string | null;
                }[];
            };
        };
        UpdateLeadRequest: {
            campaign_id?: number;
            /** @description E.164, e.g. +14155550199. */
            phone_number?: string;
            /** @description created, completed or reached-max-retries; the others are set by the dialer. */
            status?: string;
            /** @description Merged into the lead's variables. */
            variables?: {
                [key: string]: string | number | boolean | null;
            };
        };
        ImportLeadsRequest: {
            campaign_id: number;
            /** @description CSV with a header row: a phone_number column; every other column is a variable. */
            csv?: string;
            leads?: {
                /** @description E.164, e.g. +14155550199. */
                phone_number: string;
                variables?: {
                    [key: string]: string | number | boolean | null;
                };
                secondary_contacts?: {
                    /** @description E.164, e.g. +14155550199. */
                    phone_number: string;
                    variables?: {
                        [key: string]: string | number | boolean | null;
                    };
                }[];
            }[];
            allow_dupplicate?: boolean;
        };
        LeadImportReport: {
            message: string;
            total_rows: number;
            imported: number;
            duplicates: number;
            rejected: {
                /** @description Row number (CSV: the line after the header, from 1; JSON: the index from 1). */
                row: number;
                phone_number: string | null;
                reason: string;
            }[];
        };
        DoNotCallEntry: {
            phone_number: string;
            /** @description api, import, opt_out (the assistant's function), evaluation (the post-call evaluation) or sms_stop (the person replied STOP by SMS; START takes it off) */
            source: string;
            reason: string | null;
            created_at: string;
        };
        ListDoNotCallResponse: {
            current_page: number;
            data: components["schemas"]["DoNotCallEntry"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        AddDoNotCallRequest: {
            /** @description E.164, e.g. +14155550199. */
            phone_number: string;
            reason?: string;
        };
        ImportDoNotCallRequest: {
            phone_numbers?: string[];
            /** @description CSV with a phone_number column. */
            csv?: string;
        };
        ImportDoNotCallResponse: {
            message: string;
            total_rows: number;
            added: number;
            already_listed: number;
            rejected: {
                /** @description Row number (CSV: the line after the header, from 1; JSON: the index from 1). */
                row: number;
                phone_number: string | null;
                reason: string;
            }[];
        };
        SmsMessage: {
            id: number;
            /** @description The account's number it was sent from or to (null once deleted). */
            phone_number_id: number | null;
            /** @enum {string} */
            direction: "outbound" | "inbound";
            /**
             * @description Who wrote it: the API, the number's assistant, the answer to HELP, or the customer (inbound).
             * @enum {string}
             */
            origin: "api" | "assistant" | "help" | "customer";
            /** @description E.164. */
            from: string;
            /** @description E.164. */
            to: string;
            body: string;
            user_id: number;
            /** @enum {string} */
            encoding: "GSM-7" | "UCS-2";
            /** @description How many SMS it goes out as: 160 GSM-7 characters in one (153 per part once split), 70 UCS-2 (67). */
            segments: number;
            /** @description USD per segment; 0 for a received message. */
            segment_price: number;
            /** @description USD: segments x segment_price. */
            total_cost: number;
            /**
             * @description queued (Twilio not asked yet), sent, delivered, undelivered, failed, or received (inbound).
             * @enum {string}
             */
            status: "queued" | "sent" | "delivered" | "undelivered" | "failed" | "received";
            /** @description Twilio's message id (SM...). */
            sms_sid: string | null;
            /** @description Twilio's error code when it refused or could not deliver, e.g. 21610, 30003. */
            error_code: number | null;
            error_message: string | null;
            /** @description Whether its price was given back (Twilio refused it, or it failed). */
            refunded: boolean;
            /**
             * Format: uuid
             * @description The SMS conversation it belongs to, if an assistant is part of it.
             */
            conversation_id: string | null;
            /** @description YYYY-MM-DD HH:mm:ss (UTC). */
            created_at: string;
            updated_at: string;
        };
        ListSmsResponse: {
            current_page: number;
            data: components["schemas"]["SmsMessage"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        SendSmsRequest: {
            /** @description The id of one of the account's SMS-capable numbers. */
            from: number;
            /** @description The recipient, international (E.164), e.g. +14155550199. */
            to: string;
            /** @description The text, up to 300 characters. */
            body: string;
        };
        SendSmsResponse: {
            message: string;
            data: components["schemas"]["SmsMessage"];
        };
        GetSmsResponse: {
            data: components["schemas"]["SmsMessage"];
        };
        OperatorAccount: {
            /** @description The account. */
            id: number;
            name: string;
            /** @description The account's e-mail (its first owner's). */
            email: string;
            /** @description USD. */
            balance: number;
            members_count: number;
            suspended: boolean;
            suspended_at: string | null;
            suspension_reason: string | null;
            /** Format: date-time */
            created_at: string;
        };
        ListOperatorAccountsResponse: {
            current_page: number;
            data: components["schemas"]["OperatorAccount"][];
            first_page_url: string;
            from: number | null;
            last_page: number;
            last_page_url: string;
            links: {
                url: string | null;
                label: string;
                active: boolean;
            }[];
            next_page_url: string | null;
            path: string;
            per_page: number;
            prev_page_url: string | null;
            to: number | null;
            total: number;
        };
        CreateOperatorAccountRequest: {
            /** Format: email */
            email: string;
            name: string;
            /** @description The owner's password (they sign in with the e-mail). */
            password: string;
            /** @description Opening balance in USD (default 0). */
            balance?: number;
        };
        CreateOperatorAccountResponse: {
            message: string;
            account: components["schemas"]["OperatorAccount"];
        };
        ChangeOperatorAccountBalanceRequest: {
            /** @description USD to add; negative to take away. Never takes the balance below zero. */
            amount: number;
            /** @description Shown in the account's balance history and audit log. */
            reason: string;
        };
        ChangeOperatorAccountBalanceResponse: {
            message: string;
            /** @description The balance in USD after the change. */
            balance: number;
            ledger_entry: components["schemas"]["LedgerEntry"];
        };
        SuspendOperatorAccountRequest: {
            /** @description Why; kept with the account and in its audit log. */
            reason: string;
        };
        SuspendOperatorAccountResponse: {
            message: string;
            account: components["schemas"]["OperatorAccount"];
        };
        RestoreOperatorAccountResponse: {
            message: string;
            account: components["schemas"]["OperatorAccount"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResponse = components['schemas']['LoginResponse'];
export type MessageBody = components['schemas']['MessageBody'];
export type ValidationErrorBody = components['schemas']['ValidationErrorBody'];
export type RegisterRequest = components['schemas']['RegisterRequest'];
export type RegisterResponse = components['schemas']['RegisterResponse'];
export type GetCurrentUserResponse = components['schemas']['GetCurrentUserResponse'];
export type LedgerEntry = components['schemas']['LedgerEntry'];
export type ListBalanceLedgerResponse = components['schemas']['ListBalanceLedgerResponse'];
export type ListApiKeysResponse = components['schemas']['ListApiKeysResponse'];
export type CreateApiKeyRequest = components['schemas']['CreateApiKeyRequest'];
export type CreateApiKeyResponse = components['schemas']['CreateApiKeyResponse'];
export type Member = components['schemas']['Member'];
export type ListMembersResponse = components['schemas']['ListMembersResponse'];
export type UpdateMemberRequest = components['schemas']['UpdateMemberRequest'];
export type UpdateMemberResponse = components['schemas']['UpdateMemberResponse'];
export type Invitation = components['schemas']['Invitation'];
export type ListInvitationsResponse = components['schemas']['ListInvitationsResponse'];
export type CreateInvitationRequest = components['schemas']['CreateInvitationRequest'];
export type CreateInvitationResponse = components['schemas']['CreateInvitationResponse'];
export type GetInvitationResponse = components['schemas']['GetInvitationResponse'];
export type AcceptInvitationRequest = components['schemas']['AcceptInvitationRequest'];
export type AcceptInvitationResponse = components['schemas']['AcceptInvitationResponse'];
export type GetSingleSignOnResponse = components['schemas']['GetSingleSignOnResponse'];
export type ListVoicesResponse = components['schemas']['ListVoicesResponse'];
export type ListLanguagesResponse = components['schemas']['ListLanguagesResponse'];
export type ListModelsResponse = components['schemas']['ListModelsResponse'];
export type ListSynthesizerProvidersResponse = components['schemas']['ListSynthesizerProvidersResponse'];
export type ListTranscriberProvidersResponse = components['schemas']['ListTranscriberProvidersResponse'];
export type CreateAssistantRequest = components['schemas']['CreateAssistantRequest'];
export type CreateAssistantResponse = components['schemas']['CreateAssistantResponse'];
export type AssistantListItem = components['schemas']['AssistantListItem'];
export type ListAssistantsResponse = components['schemas']['ListAssistantsResponse'];
export type ListAllAssistantsResponse = components['schemas']['ListAllAssistantsResponse'];
export type Assistant = components['schemas']['Assistant'];
export type GetAssistantResponse = components['schemas']['GetAssistantResponse'];
export type UpdateAssistantRequest = components['schemas']['UpdateAssistantRequest'];
export type AssistantSummary = components['schemas']['AssistantSummary'];
export type UpdateAssistantResponse = components['schemas']['UpdateAssistantResponse'];
export type PatchAssistantRequest = components['schemas']['PatchAssistantRequest'];
export type PatchAssistantResponse = components['schemas']['PatchAssistantResponse'];
export type ListAssignablePhoneNumbersResponse = components['schemas']['ListAssignablePhoneNumbersResponse'];
export type Group = components['schemas']['Group'];
export type ListFoldersResponse = components['schemas']['ListFoldersResponse'];
export type CreateFolderRequest = components['schemas']['CreateFolderRequest'];
export type CreateFolderResponse = components['schemas']['CreateFolderResponse'];
export type GetFolderResponse = components['schemas']['GetFolderResponse'];
export type UpdateFolderRequest = components['schemas']['UpdateFolderRequest'];
export type UpdateFolderResponse = components['schemas']['UpdateFolderResponse'];
export type ListLabelsResponse = components['schemas']['ListLabelsResponse'];
export type CreateLabelRequest = components['schemas']['CreateLabelRequest'];
export type CreateLabelResponse = components['schemas']['CreateLabelResponse'];
export type GetLabelResponse = components['schemas']['GetLabelResponse'];
export type UpdateLabelRequest = components['schemas']['UpdateLabelRequest'];
export type UpdateLabelResponse = components['schemas']['UpdateLabelResponse'];
export type ListOutboundAssistantsResponse = components['schemas']['ListOutboundAssistantsResponse'];
export type EnableInboundWebhookRequest = components['schemas']['EnableInboundWebhookRequest'];
export type EnableInboundWebhookResponse = components['schemas']['EnableInboundWebhookResponse'];
export type DisableInboundWebhookRequest = components['schemas']['DisableInboundWebhookRequest'];
export type DisableInboundWebhookResponse = components['schemas']['DisableInboundWebhookResponse'];
export type EnableConversationEndedWebhookRequest = components['schemas']['EnableConversationEndedWebhookRequest'];
export type EnableConversationEndedWebhookResponse = components['schemas']['EnableConversationEndedWebhookResponse'];
export type DisableConversationEndedWebhookRequest = components['schemas']['DisableConversationEndedWebhookRequest'];
export type DisableConversationEndedWebhookResponse = components['schemas']['DisableConversationEndedWebhookResponse'];
export type EnableWebhookRequest = components['schemas']['EnableWebhookRequest'];
export type EnableWebhookResponse = components['schemas']['EnableWebhookResponse'];
export type DisableWebhookRequest = components['schemas']['DisableWebhookRequest'];
export type DisableWebhookResponse = components['schemas']['DisableWebhookResponse'];
export type Tool = components['schemas']['Tool'];
export type ListToolsResponse = components['schemas']['ListToolsResponse'];
export type CreateToolRequest = components['schemas']['CreateToolRequest'];
export type CreateToolResponse = components['schemas']['CreateToolResponse'];
export type GetToolResponse = components['schemas']['GetToolResponse'];
export type UpdateToolRequest = components['schemas']['UpdateToolRequest'];
export type UpdateToolResponse = components['schemas']['UpdateToolResponse'];
export type TestToolRequest = components['schemas']['TestToolRequest'];
export type ToolTestResult = components['schemas']['ToolTestResult'];
export type PhoneNumber = components['schemas']['PhoneNumber'];
export type ListSmsPhoneNumbersResponse = components['schemas']['ListSmsPhoneNumbersResponse'];
export type CreatePhoneNumberRequest = components['schemas']['CreatePhoneNumberRequest'];
export type CreatePhoneNumberResponse = components['schemas']['CreatePhoneNumberResponse'];
export type ListPhoneNumbersResponse = components['schemas']['ListPhoneNumbersResponse'];
export type UpdatePhoneNumberRequest = components['schemas']['UpdatePhoneNumberRequest'];
export type UpdatePhoneNumberResponse = components['schemas']['UpdatePhoneNumberResponse'];
export type AvailablePhoneNumber = components['schemas']['AvailablePhoneNumber'];
export type SearchPhoneNumbersResponse = components['schemas']['SearchPhoneNumbersResponse'];
export type PurchasePhoneNumberRequest = components['schemas']['PurchasePhoneNumberRequest'];
export type PurchasePhoneNumberResponse = components['schemas']['PurchasePhoneNumberResponse'];
export type SipTrunk = components['schemas']['SipTrunk'];
export type ListSipTrunksResponse = components['schemas']['ListSipTrunksResponse'];
export type CreateSipTrunkRequest = components['schemas']['CreateSipTrunkRequest'];
export type CreateSipTrunkResponse = components['schemas']['CreateSipTrunkResponse'];
export type GetSipTrunkResponse = components['schemas']['GetSipTrunkResponse'];
export type UpdateSipTrunkRequest = components['schemas']['UpdateSipTrunkRequest'];
export type UpdateSipTrunkResponse = components['schemas']['UpdateSipTrunkResponse'];
export type GetWebhookSecretResponse = components['schemas']['GetWebhookSecretResponse'];
export type RotateWebhookSecretResponse = components['schemas']['RotateWebhookSecretResponse'];
export type WebhookDeliverySummary = components['schemas']['WebhookDeliverySummary'];
export type ListWebhookDeliveriesResponse = components['schemas']['ListWebhookDeliveriesResponse'];
export type WebhookDeliveryAttempt = components['schemas']['WebhookDeliveryAttempt'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type RedeliverWebhookDeliveryResponse = components['schemas']['RedeliverWebhookDeliveryResponse'];
export type UsageDay = components['schemas']['UsageDay'];
export type UsageAssistant = components['schemas']['UsageAssistant'];
export type GetUsageResponse = components['schemas']['GetUsageResponse'];
export type CreateCallsExportLinkRequest = components['schemas']['CreateCallsExportLinkRequest'];
export type CreateCallsExportLinkResponse = components['schemas']['CreateCallsExportLinkResponse'];
export type CreateConversationsExportLinkRequest = components['schemas']['CreateConversationsExportLinkRequest'];
export type CreateConversationsExportLinkResponse = components['schemas']['CreateConversationsExportLinkResponse'];
export type CreateLedgerExportLinkRequest = components['schemas']['CreateLedgerExportLinkRequest'];
export type CreateLedgerExportLinkResponse = components['schemas']['CreateLedgerExportLinkResponse'];
export type AuditEvent = components['schemas']['AuditEvent'];
export type ListAuditLogResponse = components['schemas']['ListAuditLogResponse'];
export type SenderSummary = components['schemas']['SenderSummary'];
export type ListSendersResponse = components['schemas']['ListSendersResponse'];
export type CodedErrorBody = components['schemas']['CodedErrorBody'];
export type CreateSenderRequest = components['schemas']['CreateSenderRequest'];
export type Sender = components['schemas']['Sender'];
export type CreateSenderResponse = components['schemas']['CreateSenderResponse'];
export type GetSenderResponse = components['schemas']['GetSenderResponse'];
export type DeleteSenderResponse = components['schemas']['DeleteSenderResponse'];
export type UpdateSenderRequest = components['schemas']['UpdateSenderRequest'];
export type UpdateSenderResponse = components['schemas']['UpdateSenderResponse'];
export type Template = components['schemas']['Template'];
export type ListTemplatesResponse = components['schemas']['ListTemplatesResponse'];
export type SyncTemplatesResponse = components['schemas']['SyncTemplatesResponse'];
export type SimulateInboundMessageRequest = components['schemas']['SimulateInboundMessageRequest'];
export type ChatappSessionStatus = components['schemas']['ChatappSessionStatus'];
export type SimulateInboundMessageResponse = components['schemas']['SimulateInboundMessageResponse'];
export type SimulateCallPermissionReplyRequest = components['schemas']['SimulateCallPermissionReplyRequest'];
export type CallPermission = components['schemas']['CallPermission'];
export type GetSessionStatusResponse = components['schemas']['GetSessionStatusResponse'];
export type SendTemplateMessageRequest = components['schemas']['SendTemplateMessageRequest'];
export type SendTemplateMessageResponse = components['schemas']['SendTemplateMessageResponse'];
export type SendFreeformMessageRequest = components['schemas']['SendFreeformMessageRequest'];
export type SendFreeformMessageResponse = components['schemas']['SendFreeformMessageResponse'];
export type ChatappMessage = components['schemas']['ChatappMessage'];
export type ListChatappMessagesResponse = components['schemas']['ListChatappMessagesResponse'];
export type RequestCallPermissionRequest = components['schemas']['RequestCallPermissionRequest'];
export type ReceiveChatappWebhookResponse = components['schemas']['ReceiveChatappWebhookResponse'];
export type KnowledgeBase = components['schemas']['KnowledgeBase'];
export type ListKnowledgeBasesResponse = components['schemas']['ListKnowledgeBasesResponse'];
export type SimpleErrorBody = components['schemas']['SimpleErrorBody'];
export type CreateKnowledgeBaseRequest = components['schemas']['CreateKnowledgeBaseRequest'];
export type CreateKnowledgeBaseResponse = components['schemas']['CreateKnowledgeBaseResponse'];
export type GetKnowledgeBaseResponse = components['schemas']['GetKnowledgeBaseResponse'];
export type UpdateKnowledgeBaseRequest = components['schemas']['UpdateKnowledgeBaseRequest'];
export type UpdateKnowledgeBaseResponse = components['schemas']['UpdateKnowledgeBaseResponse'];
export type SearchKnowledgeBaseResponse = components['schemas']['SearchKnowledgeBaseResponse'];
export type KnowledgeDocument = components['schemas']['KnowledgeDocument'];
export type ListDocumentsResponse = components['schemas']['ListDocumentsResponse'];
export type CreateDocumentRequest = components['schemas']['CreateDocumentRequest'];
export type CreateDocumentResponse = components['schemas']['CreateDocumentResponse'];
export type GetDocumentResponse = components['schemas']['GetDocumentResponse'];
export type UpdateDocumentRequest = components['schemas']['UpdateDocumentRequest'];
export type UpdateDocumentResponse = components['schemas']['UpdateDocumentResponse'];
export type GetWidgetConfigResponse = components['schemas']['GetWidgetConfigResponse'];
export type ConversationErrorBody = components['schemas']['ConversationErrorBody'];
export type CreateConversationRequest = components['schemas']['CreateConversationRequest'];
export type FunctionCall = components['schemas']['FunctionCall'];
export type ConversationHistoryItem = components['schemas']['ConversationHistoryItem'];
export type CreateConversationResponse = components['schemas']['CreateConversationResponse'];
export type SendConversationMessageRequest = components['schemas']['SendConversationMessageRequest'];
export type SendConversationMessageResponse = components['schemas']['SendConversationMessageResponse'];
export type ConversationParty = components['schemas']['ConversationParty'];
export type GetConversationResponse = components['schemas']['GetConversationResponse'];
export type ListConversationsResponse = components['schemas']['ListConversationsResponse'];
export type ConversationRecord = components['schemas']['ConversationRecord'];
export type GenerateReplyRequest = components['schemas']['GenerateReplyRequest'];
export type GenerateReplyResponse = components['schemas']['GenerateReplyResponse'];
export type DisableAiRepliesResponse = components['schemas']['DisableAiRepliesResponse'];
export type EnableAiRepliesResponse = components['schemas']['EnableAiRepliesResponse'];
export type MakeCallRequest = components['schemas']['MakeCallRequest'];
export type MakeCallResponse = components['schemas']['MakeCallResponse'];
export type Call = components['schemas']['Call'];
export type ListCallsResponse = components['schemas']['ListCallsResponse'];
export type StartWebCallRequest = components['schemas']['StartWebCallRequest'];
export type StartWebCallResponse = components['schemas']['StartWebCallResponse'];
export type PostUserChatappVoiceCallRequest = components['schemas']['PostUserChatappVoiceCallRequest'];
export type PostUserChatappVoiceCallResponse = components['schemas']['PostUserChatappVoiceCallResponse'];
export type Campaign = components['schemas']['Campaign'];
export type ListCampaignsResponse = components['schemas']['ListCampaignsResponse'];
export type CreateCampaignPluralRequest = components['schemas']['CreateCampaignPluralRequest'];
export type CreateCampaignPluralResponse = components['schemas']['CreateCampaignPluralResponse'];
export type CreateCampaignRequest = components['schemas']['CreateCampaignRequest'];
export type CreateCampaignResponse = components['schemas']['CreateCampaignResponse'];
export type GetCampaignResponse = components['schemas']['GetCampaignResponse'];
export type UpdateCampaignRequest = components['schemas']['UpdateCampaignRequest'];
export type UpdateCampaignResponse = components['schemas']['UpdateCampaignResponse'];
export type UpdateCampaignStatusRequest = components['schemas']['UpdateCampaignStatusRequest'];
export type UpdateCampaignStatusResponse = components['schemas']['UpdateCampaignStatusResponse'];
export type CampaignProgress = components['schemas']['CampaignProgress'];
export type CreateLeadRequest = components['schemas']['CreateLeadRequest'];
export type Lead = components['schemas']['Lead'];
export type CreateLeadResponse = components['schemas']['CreateLeadResponse'];
export type ListLeadsResponse = components['schemas']['ListLeadsResponse'];
export type GetLeadResponse = components['schemas']['GetLeadResponse'];
export type UpdateLeadRequest = components['schemas']['UpdateLeadRequest'];
export type ImportLeadsRequest = components['schemas']['ImportLeadsRequest'];
export type LeadImportReport = components['schemas']['LeadImportReport'];
export type DoNotCallEntry = components['schemas']['DoNotCallEntry'];
export type ListDoNotCallResponse = components['schemas']['ListDoNotCallResponse'];
export type AddDoNotCallRequest = components['schemas']['AddDoNotCallRequest'];
export type ImportDoNotCallRequest = components['schemas']['ImportDoNotCallRequest'];
export type ImportDoNotCallResponse = components['schemas']['ImportDoNotCallResponse'];
export type SmsMessage = components['schemas']['SmsMessage'];
export type ListSmsResponse = components['schemas']['ListSmsResponse'];
export type SendSmsRequest = components['schemas']['SendSmsRequest'];
export type SendSmsResponse = components['schemas']['SendSmsResponse'];
export type GetSmsResponse = components['schemas']['GetSmsResponse'];
export type OperatorAccount = components['schemas']['OperatorAccount'];
export type ListOperatorAccountsResponse = components['schemas']['ListOperatorAccountsResponse'];
export type CreateOperatorAccountRequest = components['schemas']['CreateOperatorAccountRequest'];
export type CreateOperatorAccountResponse = components['schemas']['CreateOperatorAccountResponse'];
export type ChangeOperatorAccountBalanceRequest = components['schemas']['ChangeOperatorAccountBalanceRequest'];
export type ChangeOperatorAccountBalanceResponse = components['schemas']['ChangeOperatorAccountBalanceResponse'];
export type SuspendOperatorAccountRequest = components['schemas']['SuspendOperatorAccountRequest'];
export type SuspendOperatorAccountResponse = components['schemas']['SuspendOperatorAccountResponse'];
export type RestoreOperatorAccountResponse = components['schemas']['RestoreOperatorAccountResponse'];
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "user": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example"
                     *       },
                     *       "token": "example",
                     *       "token_name": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Wrong credentials. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Jane Doe",
                 *       "email": "jane@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": components["schemas"]["RegisterRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "user": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example"
                     *       },
                     *       "token": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RegisterResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "example",
                     *       "email": "example",
                     *       "total_balance": 0.5,
                     *       "role": "viewer",
                     *       "member": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example"
                     *       },
                     *       "is_operator": true,
                     *       "suspended": true
                     *     }
                     */
                    "application/json": components["schemas"]["GetCurrentUserResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listBalanceLedger: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "amount": 0.5,
                     *           "balance_after": 0.5,
                     *           "reason": "example",
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListBalanceLedgerResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "api_keys": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "role": "viewer",
                     *           "created_by": {
                     *             "id": 1,
                     *             "name": "example",
                     *             "email": "example"
                     *           },
                     *           "last_used_at": "2026-01-15T09:30:00.000000Z",
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListApiKeysResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Production"
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "api_key": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "token": "example",
                     *         "role": "viewer",
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateApiKeyResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another user's key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "members": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "email": "example",
                     *           "role": "viewer",
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListMembersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Your role does not allow this (owners are managed only by owners). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "editor"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMemberRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "member": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example",
                     *         "role": "viewer",
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateMemberResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Your role does not allow this (owners are managed only by owners). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    leaveAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description An API key cannot leave: only a member's own session can. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The account's last owner cannot leave it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "invitations": [
                     *         {
                     *           "id": 1,
                     *           "email": "example",
                     *           "role": "viewer",
                     *           "status": "pending",
                     *           "invited_by": {
                     *             "id": 1,
                     *             "name": "example",
                     *             "email": "example"
                     *           },
                     *           "expires_at": "2026-01-15T09:30:00.000000Z",
                     *           "accepted_at": "2026-01-15T09:30:00.000000Z",
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListInvitationsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "sam@breadandco.example",
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": components["schemas"]["CreateInvitationRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "invitation": {
                     *         "id": 1,
                     *         "email": "example",
                     *         "role": "viewer",
                     *         "status": "pending",
                     *         "invited_by": {
                     *           "id": 1,
                     *           "name": "example",
                     *           "email": "example"
                     *         },
                     *         "expires_at": "2026-01-15T09:30:00.000000Z",
                     *         "accepted_at": "2026-01-15T09:30:00.000000Z",
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "url": "example",
                     *         "token": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateInvitationResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Your role does not allow this (owners are managed only by owners). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Already accepted. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of the invitation link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account_name": "example",
                     *       "email": "example",
                     *       "role": "viewer",
                     *       "invited_by_name": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GetInvitationResponse"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The invitation was accepted, revoked or has expired; the message says which. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Too many attempts from this address; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of the invitation link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Sam Baker",
                 *       "password": "rye and sourdough"
                 *     }
                 */
                "application/json": components["schemas"]["AcceptInvitationRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "user": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example"
                     *       },
                     *       "token": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["AcceptInvitationResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The invitation was accepted, revoked or has expired; the message says which. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Too many attempts from this address; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getSingleSignOn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "enabled": true,
                     *       "provider_name": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["GetSingleSignOnResponse"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    startSingleSignOn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's authorization endpoint, or to the sign-in page with `?error=`. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    finishSingleSignOn: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                iss?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the sign-in page: the session token in the fragment, or `?error=`. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listVoices: {
        parameters: {
            query?: {
                mode?: "pipeline" | "multimodal" | "dualplex";
                language_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "language_id": 1,
                     *         "gender": "example",
                     *         "preview_url": "example",
                     *         "accent": "example",
                     *         "age": "example",
                     *         "synthesizer_provider_id": 1,
                     *         "modes": [
                     *           "example"
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListVoicesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listLanguages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "iso_2": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListLanguagesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: {
                type?: "llm" | "multimodal" | "dualplex";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "code": "example",
                     *         "available": true,
                     *         "unavailable_reason": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListModelsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listSynthesizerProviders: {
        parameters: {
            query?: {
                language_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "code": "example",
                     *         "available": true,
                     *         "unavailable_reason": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListSynthesizerProvidersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listTranscriberProviders: {
        parameters: {
            query?: {
                language_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "code": "example",
                     *         "available": true,
                     *         "unavailable_reason": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListTranscriberProvidersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Bakery front desk",
                 *       "type": "inbound",
                 *       "mode": "pipeline",
                 *       "voice_id": 11,
                 *       "llm_model_id": 1,
                 *       "language_id": 1,
                 *       "timezone": "Europe/Bucharest",
                 *       "initial_message": "Hi! Thanks for calling Bread & Co. How can I help?",
                 *       "system_prompt": "You answer questions about opening hours, orders and deliveries for Bread & Co, a bakery in Cluj."
                 *     }
                 */
                "application/json": components["schemas"]["CreateAssistantRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Assistant created successfully",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "Bakery front desk",
                     *         "status": "inactive",
                     *         "type": "inbound",
                     *         "mode": "pipeline",
                     *         "uuid": "9b2f6c1e-4d3a-4f7b-8e21-5c0d9a7b3e44"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateAssistantResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listAssistants: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "uuid": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "example",
                     *           "status": "active",
                     *           "type": "inbound",
                     *           "mode": "pipeline",
                     *           "voice_id": 1,
                     *           "language_id": 1,
                     *           "timezone": "example",
                     *           "initial_message": "example",
                     *           "system_prompt": "example",
                     *           "llm_model_id": 1,
                     *           "multimodal_model_id": 1,
                     *           "chat_llm_fallback_id": 1,
                     *           "turn_detection_threshold": 0.5,
                     *           "secondary_language_ids": [
                     *             1
                     *           ],
                     *           "knowledgebase_id": 1,
                     *           "knowledgebase_mode": "function_call",
                     *           "folder_id": 1,
                     *           "label_ids": [
                     *             1
                     *           ],
                     *           "phone_number_id": 1,
                     *           "tool_ids": [
                     *             1
                     *           ],
                     *           "tts_emotion_enabled": true,
                     *           "voice_stability": "0.50",
                     *           "voice_similarity": "0.50",
                     *           "speech_speed": "0.50",
                     *           "llm_temperature": "0.50",
                     *           "synthesizer_provider_id": 1,
                     *           "transcriber_provider_id": 1,
                     *           "allow_interruptions": true,
                     *           "fillers": 0,
                     *           "filler_config": {
                     *             "positive": [
                     *               "example"
                     *             ],
                     *             "negative": [
                     *               "example"
                     *             ],
                     *             "question": [
                     *               "example"
                     *             ],
                     *             "neutral": [
                     *               "example"
                     *             ]
                     *           },
                     *           "record": true,
                     *           "enable_noise_cancellation": true,
                     *           "wait_for_customer": true,
                     *           "max_duration": 20,
                     *           "max_silence_duration": 1,
                     *           "max_initial_silence_duration": 1,
                     *           "ringing_time": 1,
                     *           "reengagement_interval": 7,
                     *           "reengagement_prompt": "example",
                     *           "end_call_on_voicemail": 0,
                     *           "voice_mail_message": "example",
                     *           "endpoint_type": "vad",
                     *           "endpoint_sensitivity": 0.5,
                     *           "interrupt_sensitivity": 0.5,
                     *           "min_interrupt_words": 1,
                     *           "ambient_sound": "off",
                     *           "ambient_sound_volume": "0.50",
                     *           "is_webhook_active": true,
                     *           "webhook_url": "example",
                     *           "send_webhook_only_on_completed": true,
                     *           "include_recording_in_webhook": true,
                     *           "post_call_evaluation": true,
                     *           "post_call_schema": [
                     *             {
                     *               "name": "example",
                     *               "type": "string",
                     *               "description": "example"
                     *             }
                     *           ],
                     *           "variables": {},
                     *           "conversation_inactivity_timeout": 1,
                     *           "conversation_ended_retrigger": true,
                     *           "conversation_ended_webhook_url": "example",
                     *           "widget_settings": {
                     *             "title": "example",
                     *             "subtitle": "example",
                     *             "avatar_url": "https://example.com/hook",
                     *             "primary_color": "#1F6FEB",
                     *             "position": "bottom-right",
                     *             "launcher_text": "example",
                     *             "greeting": "example",
                     *             "allowed_origins": [
                     *               "https://shop.example.com"
                     *             ]
                     *           },
                     *           "widget_daily_budget_usd": 0.5,
                     *           "tools": [
                     *             {
                     *               "type": "example"
                     *             }
                     *           ],
                     *           "created_at": "example",
                     *           "updated_at": "example",
                     *           "user_id": 1,
                     *           "language": "example",
                     *           "inbound_webhook_url": "example",
                     *           "engine_id": null,
                     *           "synthesizer_id": null,
                     *           "transcriber_id": null,
                     *           "instance_id": null,
                     *           "flows_platform_id": null,
                     *           "deleted_at": null
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListAssistantsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listAllAssistants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "uuid": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "example",
                     *         "status": "active",
                     *         "type": "inbound",
                     *         "mode": "pipeline",
                     *         "voice_id": 1,
                     *         "language_id": 1,
                     *         "timezone": "example",
                     *         "initial_message": "example",
                     *         "system_prompt": "example",
                     *         "llm_model_id": 1,
                     *         "multimodal_model_id": 1,
                     *         "chat_llm_fallback_id": 1,
                     *         "turn_detection_threshold": 0.5,
                     *         "secondary_language_ids": [
                     *           1
                     *         ],
                     *         "knowledgebase_id": 1,
                     *         "knowledgebase_mode": "function_call",
                     *         "folder_id": 1,
                     *         "label_ids": [
                     *           1
                     *         ],
                     *         "phone_number_id": 1,
                     *         "tool_ids": [
                     *           1
                     *         ],
                     *         "tts_emotion_enabled": true,
                     *         "voice_stability": "0.50",
                     *         "voice_similarity": "0.50",
                     *         "speech_speed": "0.50",
                     *         "llm_temperature": "0.50",
                     *         "synthesizer_provider_id": 1,
                     *         "transcriber_provider_id": 1,
                     *         "allow_interruptions": true,
                     *         "fillers": 0,
                     *         "filler_config": {
                     *           "positive": [
                     *             "example"
                     *           ],
                     *           "negative": [
                     *             "example"
                     *           ],
                     *           "question": [
                     *             "example"
                     *           ],
                     *           "neutral": [
                     *             "example"
                     *           ]
                     *         },
                     *         "record": true,
                     *         "enable_noise_cancellation": true,
                     *         "wait_for_customer": true,
                     *         "max_duration": 20,
                     *         "max_silence_duration": 1,
                     *         "max_initial_silence_duration": 1,
                     *         "ringing_time": 1,
                     *         "reengagement_interval": 7,
                     *         "reengagement_prompt": "example",
                     *         "end_call_on_voicemail": 0,
                     *         "voice_mail_message": "example",
                     *         "endpoint_type": "vad",
                     *         "endpoint_sensitivity": 0.5,
                     *         "interrupt_sensitivity": 0.5,
                     *         "min_interrupt_words": 1,
                     *         "ambient_sound": "off",
                     *         "ambient_sound_volume": "0.50",
                     *         "is_webhook_active": true,
                     *         "webhook_url": "example",
                     *         "send_webhook_only_on_completed": true,
                     *         "include_recording_in_webhook": true,
                     *         "post_call_evaluation": true,
                     *         "post_call_schema": [
                     *           {
                     *             "name": "example",
                     *             "type": "string",
                     *             "description": "example"
                     *           }
                     *         ],
                     *         "variables": {},
                     *         "conversation_inactivity_timeout": 1,
                     *         "conversation_ended_retrigger": true,
                     *         "conversation_ended_webhook_url": "example",
                     *         "widget_settings": {
                     *           "title": "example",
                     *           "subtitle": "example",
                     *           "avatar_url": "https://example.com/hook",
                     *           "primary_color": "#1F6FEB",
                     *           "position": "bottom-right",
                     *           "launcher_text": "example",
                     *           "greeting": "example",
                     *           "allowed_origins": [
                     *             "https://shop.example.com"
                     *           ]
                     *         },
                     *         "widget_daily_budget_usd": 0.5,
                     *         "tools": [
                     *           {
                     *             "type": "example"
                     *           }
                     *         ],
                     *         "created_at": "example",
                     *         "updated_at": "example",
                     *         "user_id": 1,
                     *         "language": "example",
                     *         "inbound_webhook_url": "example",
                     *         "engine_id": null,
                     *         "synthesizer_id": null,
                     *         "transcriber_id": null,
                     *         "instance_id": null,
                     *         "flows_platform_id": null,
                     *         "deleted_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListAllAssistantsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "uuid": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "example",
                     *         "status": "active",
                     *         "type": "inbound",
                     *         "mode": "pipeline",
                     *         "voice_id": 1,
                     *         "language_id": 1,
                     *         "timezone": "example",
                     *         "initial_message": "example",
                     *         "system_prompt": "example",
                     *         "llm_model_id": 1,
                     *         "multimodal_model_id": 1,
                     *         "chat_llm_fallback_id": 1,
                     *         "turn_detection_threshold": 0.5,
                     *         "secondary_language_ids": [
                     *           1
                     *         ],
                     *         "knowledgebase_id": 1,
                     *         "knowledgebase_mode": "function_call",
                     *         "folder_id": 1,
                     *         "label_ids": [
                     *           1
                     *         ],
                     *         "phone_number_id": 1,
                     *         "tool_ids": [
                     *           1
                     *         ],
                     *         "tts_emotion_enabled": true,
                     *         "voice_stability": 0.5,
                     *         "voice_similarity": 0.5,
                     *         "speech_speed": 0.7,
                     *         "llm_temperature": 0.5,
                     *         "synthesizer_provider_id": 1,
                     *         "transcriber_provider_id": 1,
                     *         "allow_interruptions": true,
                     *         "fillers": true,
                     *         "filler_config": {
                     *           "positive": [
                     *             "example"
                     *           ],
                     *           "negative": [
                     *             "example"
                     *           ],
                     *           "question": [
                     *             "example"
                     *           ],
                     *           "neutral": [
                     *             "example"
                     *           ]
                     *         },
                     *         "record": true,
                     *         "enable_noise_cancellation": true,
                     *         "wait_for_customer": true,
                     *         "max_duration": 20,
                     *         "max_silence_duration": 1,
                     *         "max_initial_silence_duration": 1,
                     *         "ringing_time": 1,
                     *         "reengagement_interval": 7,
                     *         "reengagement_prompt": "example",
                     *         "end_call_on_voicemail": true,
                     *         "voice_mail_message": "example",
                     *         "endpoint_type": "vad",
                     *         "endpoint_sensitivity": 0.5,
                     *         "interrupt_sensitivity": 0.5,
                     *         "min_interrupt_words": 1,
                     *         "ambient_sound": "off",
                     *         "ambient_sound_volume": 0.5,
                     *         "is_webhook_active": true,
                     *         "webhook_url": "example",
                     *         "send_webhook_only_on_completed": true,
                     *         "include_recording_in_webhook": true,
                     *         "post_call_evaluation": true,
                     *         "post_call_schema": [
                     *           {
                     *             "name": "example",
                     *             "type": "string",
                     *             "description": "example"
                     *           }
                     *         ],
                     *         "variables": {},
                     *         "conversation_inactivity_timeout": 1,
                     *         "conversation_ended_retrigger": true,
                     *         "conversation_ended_webhook_url": "example",
                     *         "widget_settings": {
                     *           "title": "example",
                     *           "subtitle": "example",
                     *           "avatar_url": "https://example.com/hook",
                     *           "primary_color": "#1F6FEB",
                     *           "position": "bottom-right",
                     *           "launcher_text": "example",
                     *           "greeting": "example",
                     *           "allowed_origins": [
                     *             "https://shop.example.com"
                     *           ]
                     *         },
                     *         "widget_daily_budget_usd": 0.5,
                     *         "tools": [
                     *           {
                     *             "type": "example"
                     *           }
                     *         ],
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetAssistantResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "active",
                 *       "phone_number_id": 1,
                 *       "speech_speed": 1.1
                 *     }
                 */
                "application/json": components["schemas"]["UpdateAssistantRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "status": "example",
                     *         "type": "example",
                     *         "mode": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateAssistantResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    patchAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "active",
                 *       "phone_number_id": 1,
                 *       "speech_speed": 1.1
                 *     }
                 */
                "application/json": components["schemas"]["PatchAssistantRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "status": "example",
                     *         "type": "example",
                     *         "mode": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PatchAssistantResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listAssignablePhoneNumbers: {
        parameters: {
            query?: {
                type?: "inbound" | "outbound";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "country_code": "example",
                     *         "type_label": "example",
                     *         "is_available": true
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListAssignablePhoneNumbersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listFolders: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "color": "example",
                     *           "assistants_count": 1
                     *         }
                     *       ],
                     *       "current_page": 1,
                     *       "per_page": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListFoldersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createFolder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Bread & Co",
                 *       "color": "orange"
                 *     }
                 */
                "application/json": components["schemas"]["CreateFolderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "color": "example",
                     *         "assistants_count": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateFolderResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "color": "example",
                     *         "assistants_count": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetFolderResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's folder. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Bread & Co bakeries",
                 *       "color": "amber"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateFolderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "color": "example",
                     *         "assistants_count": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateFolderResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's folder. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's folder. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listLabels: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "color": "example",
                     *           "assistants_count": 1
                     *         }
                     *       ],
                     *       "current_page": 1,
                     *       "per_page": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListLabelsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createLabel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Front desk",
                 *       "color": "teal"
                 *     }
                 */
                "application/json": components["schemas"]["CreateLabelRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "color": "example",
                     *         "assistants_count": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateLabelResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getLabel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "color": "example",
                     *         "assistants_count": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetLabelResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's label. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateLabel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Front desk (voice)",
                 *       "color": "green"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLabelRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "color": "example",
                     *         "assistants_count": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateLabelResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's label. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteLabel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's label. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listOutboundAssistants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "user_id": 1,
                     *         "name": "example",
                     *         "type": "outbound",
                     *         "mode": "example",
                     *         "status": "example",
                     *         "voice_id": 1,
                     *         "language_id": 1,
                     *         "timezone": "example",
                     *         "initial_message": "example",
                     *         "system_prompt": "example",
                     *         "variables": {},
                     *         "webhook_url": "example",
                     *         "is_webhook_active": true,
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListOutboundAssistantsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    enableInboundWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1,
                 *       "webhook_url": "https://hooks.breadandco.example/inbound-call"
                 *     }
                 */
                "application/json": components["schemas"]["EnableInboundWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EnableInboundWebhookResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant: Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    disableInboundWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1
                 *     }
                 */
                "application/json": components["schemas"]["DisableInboundWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["DisableInboundWebhookResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant: Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    enableConversationEndedWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1,
                 *       "webhook_url": "https://hooks.breadandco.example/conversation-ended"
                 *     }
                 */
                "application/json": components["schemas"]["EnableConversationEndedWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EnableConversationEndedWebhookResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant: Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    disableConversationEndedWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1
                 *     }
                 */
                "application/json": components["schemas"]["DisableConversationEndedWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["DisableConversationEndedWebhookResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant: Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    enableWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1,
                 *       "webhook_url": "https://hooks.breadandco.example/post-call"
                 *     }
                 */
                "application/json": components["schemas"]["EnableWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["EnableWebhookResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant: Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    disableWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1
                 *     }
                 */
                "application/json": components["schemas"]["DisableWebhookRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": []
                     *     }
                     */
                    "application/json": components["schemas"]["DisableWebhookResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's assistant: Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listTools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "endpoint": "example",
                     *         "method": "GET",
                     *         "timeout": 1,
                     *         "headers": [
                     *           {
                     *             "name": "example",
                     *             "value": "example"
                     *           }
                     *         ],
                     *         "schema": [
                     *           {
                     *             "name": "example",
                     *             "type": "string",
                     *             "description": "example"
                     *           }
                     *         ],
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListToolsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "check_order_status",
                 *       "description": "Looks up an order's delivery status by its number.",
                 *       "endpoint": "https://api.breadandco.example/orders/status",
                 *       "method": "GET",
                 *       "timeout": 10,
                 *       "headers": [
                 *         {
                 *           "name": "X-Shop-Key",
                 *           "value": "shop-key-123"
                 *         }
                 *       ],
                 *       "schema": [
                 *         {
                 *           "name": "order_id",
                 *           "type": "string",
                 *           "description": "The customer's order number"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateToolRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "endpoint": "example",
                     *         "method": "GET",
                     *         "timeout": 1,
                     *         "headers": [
                     *           {
                     *             "name": "example",
                     *             "value": "example"
                     *           }
                     *         ],
                     *         "schema": [
                     *           {
                     *             "name": "example",
                     *             "type": "string",
                     *             "description": "example"
                     *           }
                     *         ],
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateToolResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "endpoint": "example",
                     *         "method": "GET",
                     *         "timeout": 1,
                     *         "headers": [
                     *           {
                     *             "name": "example",
                     *             "value": "example"
                     *           }
                     *         ],
                     *         "schema": [
                     *           {
                     *             "name": "example",
                     *             "type": "string",
                     *             "description": "example"
                     *           }
                     *         ],
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetToolResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's tool. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Looks up an order's delivery status and time slot by its number.",
                 *       "timeout": 15
                 *     }
                 */
                "application/json": components["schemas"]["UpdateToolRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "endpoint": "example",
                     *         "method": "GET",
                     *         "timeout": 1,
                     *         "headers": [
                     *           {
                     *             "name": "example",
                     *             "value": "example"
                     *           }
                     *         ],
                     *         "schema": [
                     *           {
                     *             "name": "example",
                     *             "type": "string",
                     *             "description": "example"
                     *           }
                     *         ],
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateToolResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's tool. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's tool. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    testTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "arguments": {
                 *         "order_id": "A-1043"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TestToolRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request": {
                     *         "method": "example",
                     *         "url": "example",
                     *         "headers": {},
                     *         "body": "example"
                     *       },
                     *       "response": {
                     *         "status": 1,
                     *         "headers": {},
                     *         "body": "example",
                     *         "body_truncated": true
                     *       },
                     *       "error": {
                     *         "code": "example",
                     *         "message": "example"
                     *       },
                     *       "duration_ms": 1,
                     *       "function_result": {}
                     *     }
                     */
                    "application/json": components["schemas"]["ToolTestResult"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's tool. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description 10 per minute, 100 per day per account; Retry-After says when. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listSmsPhoneNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "phone_number": "example",
                     *           "nickname": "example",
                     *           "country_code": "example",
                     *           "type": "example",
                     *           "type_label": "example",
                     *           "sms_capable": true,
                     *           "region": "example",
                     *           "has_active_subscription": true,
                     *           "provider": "twilio",
                     *           "twilio_account_sid": "example",
                     *           "release_at": "example",
                     *           "monthly_price": 0.5,
                     *           "paid_until": "example",
                     *           "renewal_failed_at": "example",
                     *           "webhook_url": "example",
                     *           "created_at": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListSmsPhoneNumbersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createPhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone_number": "+14155551234",
                 *       "nickname": "Sales line"
                 *     }
                 */
                "application/json": components["schemas"]["CreatePhoneNumberRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "nickname": "example",
                     *         "country_code": "example",
                     *         "type": "example",
                     *         "type_label": "example",
                     *         "sms_capable": true,
                     *         "region": "example",
                     *         "has_active_subscription": true,
                     *         "provider": "twilio",
                     *         "twilio_account_sid": "example",
                     *         "release_at": "example",
                     *         "monthly_price": 0.5,
                     *         "paid_until": "example",
                     *         "renewal_failed_at": "example",
                     *         "webhook_url": "example",
                     *         "created_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatePhoneNumberResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        error?: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Twilio could not be reached to check the credentials and the number. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listPhoneNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "phone_number": "example",
                     *           "nickname": "example",
                     *           "country_code": "example",
                     *           "type": "example",
                     *           "type_label": "example",
                     *           "sms_capable": true,
                     *           "region": "example",
                     *           "has_active_subscription": true,
                     *           "provider": "twilio",
                     *           "twilio_account_sid": "example",
                     *           "release_at": "example",
                     *           "monthly_price": 0.5,
                     *           "paid_until": "example",
                     *           "renewal_failed_at": "example",
                     *           "webhook_url": "example",
                     *           "created_at": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListPhoneNumbersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updatePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "nickname": "Front desk line"
                 *     }
                 */
                "application/json": components["schemas"]["UpdatePhoneNumberRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "nickname": "example",
                     *         "country_code": "example",
                     *         "type": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdatePhoneNumberResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deletePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Already scheduled for release. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                    };
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                    };
                };
            };
            /** @description A purchase Twilio has not confirmed yet. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    searchPhoneNumbers: {
        parameters: {
            query?: {
                /** @description ISO 3166-1 alpha-2, e.g. US, CA, GB. */
                country_code?: string;
                /** @description Twilio's Local, Mobile or TollFree. */
                type?: "local" | "mobile" | "toll_free";
                /** @description US and Canada only. */
                area_code?: string;
                /** @description A city or town, e.g. San Francisco. */
                locality?: string;
                /** @description Digits the number contains. */
                contains?: string;
                /** @description Only numbers that can receive SMS. */
                sms_capable?: boolean;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "phone_number": "example",
                     *           "phone_number_formatted": "example",
                     *           "country_code": "example",
                     *           "locality": "example",
                     *           "region": "example",
                     *           "price": 0.5,
                     *           "stripe_price_id": "example",
                     *           "address_requirements": "none",
                     *           "sms_capable": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SearchPhoneNumbersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description A bad filter, or one Twilio refused (its words in carrier_error). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Twilio could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description This server has no Twilio account set up to buy numbers. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
        };
    };
    purchasePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone_number": "+14155550101",
                 *       "nickname": "Orders line",
                 *       "webhook_url": "https://hooks.breadandco.example/numbers"
                 *     }
                 */
                "application/json": components["schemas"]["PurchasePhoneNumberRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "nickname": "example",
                     *         "country_code": "example",
                     *         "type": "example",
                     *         "type_label": "example",
                     *         "sms_capable": true,
                     *         "region": "example",
                     *         "has_active_subscription": true,
                     *         "provider": "twilio",
                     *         "twilio_account_sid": "example",
                     *         "release_at": "example",
                     *         "monthly_price": 0.5,
                     *         "paid_until": "example",
                     *         "renewal_failed_at": "example",
                     *         "webhook_url": "example",
                     *         "created_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PurchasePhoneNumberResponse"];
                };
            };
            /** @description In use, not for sale, or refused by Twilio (an address or regulatory bundle it requires: carrier_error). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The balance cannot pay the first month. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not a phone number. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Twilio could not be reached; nothing is charged once the purchase is settled. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description This server has no Twilio account set up to buy numbers. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
        };
    };
    listSipTrunks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "phone_number": "example",
                     *           "nickname": "example",
                     *           "country_code": "example",
                     *           "type": "sip",
                     *           "type_label": "example",
                     *           "sip_trunk_type": "example",
                     *           "sip_username": "example",
                     *           "has_sip_password": true,
                     *           "sip_address": "example",
                     *           "sip_calling_format": "example",
                     *           "inbound_authorization_type": "example",
                     *           "allowed_inbound_ips": [
                     *             "example"
                     *           ],
                     *           "outbound_proxy": "example",
                     *           "inbound_sip_domain": "example",
                     *           "created_at": "example",
                     *           "updated_at": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListSipTrunksResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sip_trunk_type": "number",
                 *       "phone_number": "+14155550177",
                 *       "nickname": "Bakery carrier",
                 *       "sip_username": "breadco",
                 *       "sip_password": "Carrier-Pass-2026",
                 *       "sip_address": "sip.carrier.example:5060",
                 *       "sip_calling_format": "+e164",
                 *       "inbound_authorization_type": "auth",
                 *       "country_code": "US"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSipTrunkRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "nickname": "example",
                     *         "country_code": "example",
                     *         "type": "sip",
                     *         "type_label": "example",
                     *         "sip_trunk_type": "example",
                     *         "sip_username": "example",
                     *         "has_sip_password": true,
                     *         "sip_address": "example",
                     *         "sip_calling_format": "example",
                     *         "inbound_authorization_type": "example",
                     *         "allowed_inbound_ips": [
                     *           "example"
                     *         ],
                     *         "outbound_proxy": "example",
                     *         "inbound_sip_domain": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateSipTrunkResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description A SIP trunk with the same phone number, username and address exists, or another change of it is under way. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description A field failed validation, or Twilio refused the trunk's settings (its words in carrier_error). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Twilio could not be reached; nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description This server has no Twilio account and PUBLIC_URL set up for SIP trunks. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
        };
    };
    getSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "nickname": "example",
                     *         "country_code": "example",
                     *         "type": "sip",
                     *         "type_label": "example",
                     *         "sip_trunk_type": "example",
                     *         "sip_username": "example",
                     *         "has_sip_password": true,
                     *         "sip_address": "example",
                     *         "sip_calling_format": "example",
                     *         "inbound_authorization_type": "example",
                     *         "allowed_inbound_ips": [
                     *           "example"
                     *         ],
                     *         "outbound_proxy": "example",
                     *         "inbound_sip_domain": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetSipTrunkResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description No such trunk of this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inbound_authorization_type": "ip",
                 *       "allowed_inbound_ips": [
                 *         "203.0.113.10",
                 *         "198.51.100.0/24"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSipTrunkRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "nickname": "example",
                     *         "country_code": "example",
                     *         "type": "sip",
                     *         "type_label": "example",
                     *         "sip_trunk_type": "example",
                     *         "sip_username": "example",
                     *         "has_sip_password": true,
                     *         "sip_address": "example",
                     *         "sip_calling_format": "example",
                     *         "inbound_authorization_type": "example",
                     *         "allowed_inbound_ips": [
                     *           "example"
                     *         ],
                     *         "outbound_proxy": "example",
                     *         "inbound_sip_domain": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateSipTrunkResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description No such trunk of this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description A SIP trunk with the same phone number, username and address exists, or another change of it is under way. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description A field failed validation, or Twilio refused the trunk's settings (its words in carrier_error). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Twilio could not be reached; nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
            /** @description This server has no Twilio account and PUBLIC_URL set up for SIP trunks. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        error?: string;
                        errors?: {
                            [key: string]: string[];
                        };
                        carrier_error?: {
                            code: number | null;
                            message: string;
                            more_info: string | null;
                        };
                    };
                };
            };
        };
    };
    getWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "example",
                     *       "created_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GetWebhookSecretResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "secret": "example",
                     *       "created_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RotateWebhookSecretResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                status?: "pending" | "delivered" | "failed";
                event?: string;
                /** @description Deliveries of this assistant's events. */
                assistant_id?: number;
                /**
                 * @description Created on or after this UTC day (YYYY-MM-DD).
                 * @example 2026-03-01
                 */
                date_from?: string;
                /**
                 * @description Created on or before this UTC day (YYYY-MM-DD).
                 * @example 2026-03-01
                 */
                date_to?: string;
                per_page?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "delivery_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "event": "example",
                     *           "url": "example",
                     *           "status": "pending",
                     *           "attempt_count": 1,
                     *           "last_status_code": 1,
                     *           "last_error": "example",
                     *           "next_attempt_at": "2026-01-15T09:30:00.000000Z",
                     *           "completed_at": "2026-01-15T09:30:00.000000Z",
                     *           "assistant_id": 1,
                     *           "redelivery_of": 1,
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ],
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "next_cursor": "example",
                     *       "prev_cursor": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["ListWebhookDeliveriesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "delivery_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "event": "example",
                     *       "url": "example",
                     *       "status": "pending",
                     *       "attempt_count": 1,
                     *       "last_status_code": 1,
                     *       "last_error": "example",
                     *       "next_attempt_at": "2026-01-15T09:30:00.000000Z",
                     *       "completed_at": "2026-01-15T09:30:00.000000Z",
                     *       "assistant_id": 1,
                     *       "redelivery_of": 1,
                     *       "created_at": "2026-01-15T09:30:00.000000Z",
                     *       "payload": {},
                     *       "request_body": "example",
                     *       "attempts": [
                     *         {
                     *           "attempt": 1,
                     *           "request": {
                     *             "method": "POST",
                     *             "url": "example",
                     *             "headers": {}
                     *           },
                     *           "started_at": "2026-01-15T09:30:00.000000Z",
                     *           "duration_ms": 1,
                     *           "status_code": 1,
                     *           "error": "example",
                     *           "response_body": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown delivery, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "delivery_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "event": "example",
                     *         "url": "example",
                     *         "status": "pending",
                     *         "attempt_count": 1,
                     *         "last_status_code": 1,
                     *         "last_error": "example",
                     *         "next_attempt_at": "2026-01-15T09:30:00.000000Z",
                     *         "completed_at": "2026-01-15T09:30:00.000000Z",
                     *         "assistant_id": 1,
                     *         "redelivery_of": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RedeliverWebhookDeliveryResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown delivery, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The delivery is still being retried. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Too many redeliveries; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query: {
                /**
                 * @description The first day, in `timezone`.
                 * @example 2026-03-01
                 */
                date_from: string;
                /**
                 * @description The last day, included; at most 366 days after date_from.
                 * @example 2026-03-01
                 */
                date_to: string;
                /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "date_from": "example",
                     *       "date_to": "example",
                     *       "timezone": "example",
                     *       "totals": {
                     *         "messages": 1,
                     *         "replies": 1,
                     *         "calls": 1,
                     *         "calls_by_status": {
                     *           "initiated": 1,
                     *           "ringing": 1,
                     *           "in-progress": 1,
                     *           "completed": 1,
                     *           "busy": 1,
                     *           "no-answer": 1,
                     *           "failed": 1,
                     *           "ended": 1,
                     *           "ended_by_customer": 1,
                     *           "ended_by_assistant": 1
                     *         },
                     *         "call_seconds": 1,
                     *         "call_minutes": 0.5,
                     *         "spend": 0.5
                     *       },
                     *       "days": [
                     *         {
                     *           "date": "example",
                     *           "messages": 1,
                     *           "replies": 1,
                     *           "calls": 1,
                     *           "calls_by_status": {
                     *             "initiated": 1,
                     *             "ringing": 1,
                     *             "in-progress": 1,
                     *             "completed": 1,
                     *             "busy": 1,
                     *             "no-answer": 1,
                     *             "failed": 1,
                     *             "ended": 1,
                     *             "ended_by_customer": 1,
                     *             "ended_by_assistant": 1
                     *           },
                     *           "call_seconds": 1,
                     *           "call_minutes": 0.5,
                     *           "spend": 0.5
                     *         }
                     *       ],
                     *       "assistants": [
                     *         {
                     *           "assistant_id": 1,
                     *           "name": "example",
                     *           "messages": 1,
                     *           "replies": 1,
                     *           "calls": 1,
                     *           "calls_by_status": {
                     *             "initiated": 1,
                     *             "ringing": 1,
                     *             "in-progress": 1,
                     *             "completed": 1,
                     *             "busy": 1,
                     *             "no-answer": 1,
                     *             "failed": 1,
                     *             "ended": 1,
                     *             "ended_by_customer": 1,
                     *             "ended_by_assistant": 1
                     *           },
                     *           "call_seconds": 1,
                     *           "call_minutes": 0.5,
                     *           "cost": 0.5
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetUsageResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    exportCallsCsv: {
        parameters: {
            query: {
                /**
                 * @description The first day, in `timezone`.
                 * @example 2026-03-01
                 */
                date_from: string;
                /**
                 * @description The last day, included.
                 * @example 2026-03-01
                 */
                date_to: string;
                /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (UTF-8, a header row, CRLF line ends), streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "text/csv": string;
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createCallsExportLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date_from": "2026-03-01",
                 *       "date_to": "2026-03-01"
                 *     }
                 */
                "application/json": components["schemas"]["CreateCallsExportLinkRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateCallsExportLinkResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    exportConversationsCsv: {
        parameters: {
            query: {
                /**
                 * @description The first day, in `timezone`.
                 * @example 2026-03-01
                 */
                date_from: string;
                /**
                 * @description The last day, included.
                 * @example 2026-03-01
                 */
                date_to: string;
                /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (UTF-8, a header row, CRLF line ends), streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "text/csv": string;
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createConversationsExportLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date_from": "2026-03-01",
                 *       "date_to": "2026-03-01"
                 *     }
                 */
                "application/json": components["schemas"]["CreateConversationsExportLinkRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateConversationsExportLinkResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    exportLedgerCsv: {
        parameters: {
            query: {
                /**
                 * @description The first day, in `timezone`.
                 * @example 2026-03-01
                 */
                date_from: string;
                /**
                 * @description The last day, included.
                 * @example 2026-03-01
                 */
                date_to: string;
                /** @description IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent. */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (UTF-8, a header row, CRLF line ends), streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "text/csv": string;
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createLedgerExportLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date_from": "2026-03-01",
                 *       "date_to": "2026-03-01"
                 *     }
                 */
                "application/json": components["schemas"]["CreateLedgerExportLinkRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "example",
                     *       "expires_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateLedgerExportLinkResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    downloadExport: {
        parameters: {
            query: {
                /** @description From an export link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (UTF-8, a header row, CRLF line ends), streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "text/csv": string;
                };
            };
            /** @description A link that is not valid or has expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /**
                 * @description Only this action, e.g. `assistant.updated`.
                 * @example assistant.deleted
                 */
                action?: string;
                /** @description Only what this member did (their sessions and the keys they created). */
                actor_member_id?: number;
                /** @description Only this kind of resource, e.g. `assistant`. */
                resource_type?: string;
                /** @description Only this resource (with resource_type). */
                resource_id?: string;
                /**
                 * @description On or after this UTC day (YYYY-MM-DD).
                 * @example 2026-03-01
                 */
                date_from?: string;
                /**
                 * @description On or before this UTC day (YYYY-MM-DD).
                 * @example 2026-03-01
                 */
                date_to?: string;
                per_page?: number;
                /** @description next_cursor or prev_cursor of a page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 42,
                     *           "actor": {
                     *             "kind": "member",
                     *             "label": "ana@example.com",
                     *             "member_id": 3
                     *           },
                     *           "action": "assistant.updated",
                     *           "resource_type": "assistant",
                     *           "resource_id": "12",
                     *           "ip": "203.0.113.7",
                     *           "user_agent": "Mozilla/5.0",
                     *           "details": {
                     *             "fields": [
                     *               "name",
                     *               "system_prompt"
                     *             ]
                     *           },
                     *           "created_at": "2026-03-01T09:30:00.000000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null,
                     *       "prev_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["ListAuditLogResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listSenders: {
        parameters: {
            query?: {
                status?: "online" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "phone_number": "example",
                     *           "display_name": "example",
                     *           "status": "online",
                     *           "quality_rating": "example",
                     *           "messaging_limit": 1,
                     *           "messaging_limit_formatted": "example",
                     *           "voice_calling_enabled": true,
                     *           "platform": "cloud_api"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListSendersResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    createSender: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Bread & Co",
                 *       "phone_number": "+40 711 000 111",
                 *       "platform": "cloud_api",
                 *       "phone_number_id": "106540352242922",
                 *       "waba_id": "102290129340398",
                 *       "access_token": "EAAJBx7ZCqZBZA0cBAExampleToken",
                 *       "voice_calling_enabled": true,
                 *       "assistant_id": 1
                 *     }
                 */
                "application/json": components["schemas"]["CreateSenderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "display_name": "example",
                     *         "status": "online",
                     *         "quality_rating": "example",
                     *         "messaging_limit": 1,
                     *         "messaging_limit_formatted": "example",
                     *         "voice_calling_enabled": true,
                     *         "platform": "cloud_api",
                     *         "country_code": "example",
                     *         "phone_number_id": "example",
                     *         "waba_id": "example",
                     *         "verified_name": "example",
                     *         "voice_webhook_url": "example",
                     *         "status_webhook_url": "example",
                     *         "offline_reason": "example",
                     *         "name_status": "example",
                     *         "state_synced_at": "2026-01-15T09:30:00.000000Z",
                     *         "assistant_id": 1,
                     *         "templates_synced_at": "2026-01-15T09:30:00.000000Z",
                     *         "templates_sync_error": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateSenderResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Invalid input (VALIDATION_ERROR) or credentials the platform refused (PLATFORM_REJECTED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    getSender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "display_name": "example",
                     *         "status": "online",
                     *         "quality_rating": "example",
                     *         "messaging_limit": 1,
                     *         "messaging_limit_formatted": "example",
                     *         "voice_calling_enabled": true,
                     *         "platform": "cloud_api",
                     *         "country_code": "example",
                     *         "phone_number_id": "example",
                     *         "waba_id": "example",
                     *         "verified_name": "example",
                     *         "voice_webhook_url": "example",
                     *         "status_webhook_url": "example",
                     *         "offline_reason": "example",
                     *         "name_status": "example",
                     *         "state_synced_at": "2026-01-15T09:30:00.000000Z",
                     *         "assistant_id": 1,
                     *         "templates_synced_at": "2026-01-15T09:30:00.000000Z",
                     *         "templates_sync_error": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetSenderResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    deleteSender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteSenderResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    updateSender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Bread & Co Support",
                 *       "voice_calling_enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSenderRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number": "example",
                     *         "display_name": "example",
                     *         "status": "online",
                     *         "quality_rating": "example",
                     *         "messaging_limit": 1,
                     *         "messaging_limit_formatted": "example",
                     *         "voice_calling_enabled": true,
                     *         "platform": "cloud_api",
                     *         "country_code": "example",
                     *         "phone_number_id": "example",
                     *         "waba_id": "example",
                     *         "verified_name": "example",
                     *         "voice_webhook_url": "example",
                     *         "status_webhook_url": "example",
                     *         "offline_reason": "example",
                     *         "name_status": "example",
                     *         "state_synced_at": "2026-01-15T09:30:00.000000Z",
                     *         "assistant_id": 1,
                     *         "templates_synced_at": "2026-01-15T09:30:00.000000Z",
                     *         "templates_sync_error": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateSenderResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                status?: "approved" | "pending" | "rejected" | "all";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "language": "example",
                     *           "category": "example",
                     *           "status": "approved",
                     *           "body_text": "example",
                     *           "variables": [
                     *             "example"
                     *           ],
                     *           "has_variables": true,
                     *           "header_format": "text",
                     *           "header_variables": [
                     *             "example"
                     *           ],
                     *           "button_variables": [
                     *             "example"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListTemplatesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    syncTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "example",
                     *       "synced": 1,
                     *       "synced_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SyncTemplatesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The platform refused (SYNC_FAILED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The platform could not be reached (SYNC_FAILED). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    simulateInboundMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "+40711222333",
                 *       "name": "Ana",
                 *       "text": "Hi! Do you deliver on Saturdays?"
                 *     }
                 */
                "application/json": components["schemas"]["SimulateInboundMessageRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "conversation_id": 1,
                     *       "message_id": 1,
                     *       "session_status": {
                     *         "is_open": true,
                     *         "can_send_freeform": true,
                     *         "requires_template": true,
                     *         "message": "example",
                     *         "minutes_remaining": 1,
                     *         "expires_at": "2026-01-15T09:30:00.000000Z",
                     *         "expired_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SimulateInboundMessageResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Not a simulator sender (SIMULATOR_ONLY), or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    simulateCallPermissionReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "+40711222333",
                 *       "accept": true
                 *     }
                 */
                "application/json": components["schemas"]["SimulateCallPermissionReplyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sender_id": 1,
                     *       "customer_phone": "example",
                     *       "conversation_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "can_call": true,
                     *       "can_request": true,
                     *       "session_open": true,
                     *       "expires_at": "2026-01-15T09:30:00.000000Z",
                     *       "requested_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CallPermission"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown sender, or another account's: SENDER_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Not a simulator sender (SIMULATOR_ONLY), or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    getSessionStatus: {
        parameters: {
            query: {
                /** @description Id of one of your senders. */
                sender_id: number;
                /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
                recipient_phone: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "has_conversation": true,
                     *       "conversation_id": 1,
                     *       "customer_name": "example",
                     *       "last_customer_message_at": "2026-01-15T09:30:00.000000Z",
                     *       "session_status": {
                     *         "is_open": true,
                     *         "can_send_freeform": true,
                     *         "requires_template": true,
                     *         "message": "example",
                     *         "minutes_remaining": 1,
                     *         "expires_at": "2026-01-15T09:30:00.000000Z",
                     *         "expired_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetSessionStatusResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description SENDER_NOT_FOUND: missing, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description INVALID_PHONE, or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    sendTemplateMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sender_id": 1,
                 *       "template_id": 1,
                 *       "recipient_phone": "+40711222333",
                 *       "recipient_name": "Ana",
                 *       "variables": {
                 *         "1": "Ana",
                 *         "2": "Saturday",
                 *         "3": "10:00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SendTemplateMessageRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "conversation_id": 1,
                     *       "message_id": 1,
                     *       "whatsapp_message_id": 1,
                     *       "message_sid": "example",
                     *       "status": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["SendTemplateMessageResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description INSUFFICIENT_BALANCE: the balance does not cover CHATAPP_MESSAGE_PRICE_USD; nothing was sent. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SENDER_NOT_FOUND or TEMPLATE_NOT_FOUND. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description INVALID_PHONE, TEMPLATE_NOT_APPROVED, TEMPLATE_MISMATCH, TEMPLATE_NOT_SYNCED, SENDER_OFFLINE, SEND_FAILED, or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SEND_FAILED: the platform could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    sendFreeformMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sender_id": 1,
                 *       "recipient_phone": "+40711222333",
                 *       "message": "Yes, we deliver on Saturdays until 2 pm."
                 *     }
                 */
                "application/json": components["schemas"]["SendFreeformMessageRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "conversation_id": 1,
                     *       "message_id": 1,
                     *       "whatsapp_message_id": 1,
                     *       "message_sid": "example",
                     *       "session_status": {
                     *         "is_open": true,
                     *         "can_send_freeform": true,
                     *         "requires_template": true,
                     *         "message": "example",
                     *         "minutes_remaining": 1,
                     *         "expires_at": "2026-01-15T09:30:00.000000Z",
                     *         "expired_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SendFreeformMessageResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description INSUFFICIENT_BALANCE: the balance does not cover CHATAPP_MESSAGE_PRICE_USD; nothing was sent. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SESSION_EXPIRED, with session_status. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SENDER_NOT_FOUND: missing, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description INVALID_PHONE, SEND_FAILED, or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SEND_FAILED: the platform could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SENDER_OFFLINE. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    listChatappMessages: {
        parameters: {
            query: {
                /** @description Id of one of your senders. */
                sender_id: number;
                /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
                recipient_phone: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "conversation_id": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "direction": "inbound",
                     *           "kind": "example",
                     *           "body": "example",
                     *           "status": "example",
                     *           "template_id": 1,
                     *           "message_sid": "example",
                     *           "error_code": 1,
                     *           "error_message": "example",
                     *           "media": {
                     *             "id": "example",
                     *             "mime_type": "example",
                     *             "caption": "example",
                     *             "filename": "example"
                     *           },
                     *           "group_id": "example",
                     *           "deleted": true,
                     *           "edited": true,
                     *           "original_body": "example",
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListChatappMessagesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description SENDER_NOT_FOUND: missing, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    requestCallPermission: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sender_id": 1,
                 *       "recipient_phone": "+40711222333",
                 *       "recipient_name": "Ana"
                 *     }
                 */
                "application/json": components["schemas"]["RequestCallPermissionRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sender_id": 1,
                     *       "customer_phone": "example",
                     *       "conversation_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "can_call": true,
                     *       "can_request": true,
                     *       "session_open": true,
                     *       "expires_at": "2026-01-15T09:30:00.000000Z",
                     *       "requested_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CallPermission"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description SENDER_NOT_FOUND: missing, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description INVALID_PHONE, VOICE_DISABLED, TEMPLATE_NOT_FOUND, SESSION_CLOSED, REQUEST_LIMIT, REGION_NOT_SUPPORTED or SEND_FAILED. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description 5 per minute, 20 per hour, 50 per day per user (RATE_LIMIT_EXCEEDED); Retry-After says when. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    getCallPermission: {
        parameters: {
            query: {
                /** @description Id of one of your senders. */
                sender_id: number;
                /** @description International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918). */
                recipient_phone: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "sender_id": 1,
                     *       "customer_phone": "example",
                     *       "conversation_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "can_call": true,
                     *       "can_request": true,
                     *       "session_open": true,
                     *       "expires_at": "2026-01-15T09:30:00.000000Z",
                     *       "requested_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CallPermission"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description SENDER_NOT_FOUND: missing, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description INVALID_PHONE, or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED; Retry-After says when to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    downloadChatappMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with the platform's content type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "*/*": string;
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description MEDIA_NOT_FOUND: unknown, expired on the platform, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description MEDIA_UNAVAILABLE: the platform could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    verifyChatappWebhook: {
        parameters: {
            query?: {
                "hub.mode"?: string;
                "hub.verify_token"?: string;
                "hub.challenge"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    receiveChatappWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "received": true
                     *     }
                     */
                    "application/json": components["schemas"]["ReceiveChatappWebhookResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listKnowledgeBases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "description": "example",
                     *           "status": "empty",
                     *           "status_label": "example",
                     *           "documents_count": 1,
                     *           "assistants_count": 1,
                     *           "created_at": "2026-01-15T09:30:00.000000Z",
                     *           "updated_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListKnowledgeBasesResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    createKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shop FAQ",
                 *       "description": "Opening hours, deliveries and orders"
                 *     }
                 */
                "application/json": components["schemas"]["CreateKnowledgeBaseRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "status": "empty",
                     *         "status_label": "example",
                     *         "documents_count": 1,
                     *         "assistants_count": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateKnowledgeBaseResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    getKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "status": "empty",
                     *         "status_label": "example",
                     *         "documents_count": 1,
                     *         "assistants_count": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetKnowledgeBaseResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's knowledge base. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    updateKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shop FAQ",
                 *       "description": "Opening hours, deliveries, orders and cakes"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateKnowledgeBaseRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "status": "empty",
                     *         "status_label": "example",
                     *         "documents_count": 1,
                     *         "assistants_count": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateKnowledgeBaseResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's knowledge base. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    deleteKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's knowledge base. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    searchKnowledgeBase: {
        parameters: {
            query: {
                q: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "document_id": 1,
                     *           "document_name": "example",
                     *           "heading": "example",
                     *           "content": "example",
                     *           "url": "example",
                     *           "score": 0.5
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SearchKnowledgeBaseResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown or another account's knowledge base. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "knowledgebase_id": 1,
                     *           "name": "example",
                     *           "description": "example",
                     *           "type": "website",
                     *           "type_label": "example",
                     *           "status": "processing",
                     *           "status_label": "example",
                     *           "failure_reason": "example",
                     *           "url": "example",
                     *           "links": [
                     *             "example"
                     *           ],
                     *           "relative_links_limit": 1,
                     *           "chunks_count": 1,
                     *           "created_at": "2026-01-15T09:30:00.000000Z",
                     *           "updated_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListDocumentsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown knowledge base or document, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    createDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Opening hours",
                 *       "type": "website",
                 *       "url": "https://breadandco.example/hours",
                 *       "relative_links_limit": 5
                 *     }
                 */
                "application/json": components["schemas"]["CreateDocumentRequest"];
                /**
                 * @example {
                 *       "name": "Opening hours",
                 *       "type": "website",
                 *       "url": "https://breadandco.example/hours",
                 *       "relative_links_limit": 5
                 *     }
                 */
                "multipart/form-data": components["schemas"]["CreateDocumentRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "knowledgebase_id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "type": "website",
                     *         "type_label": "example",
                     *         "status": "processing",
                     *         "status_label": "example",
                     *         "failure_reason": "example",
                     *         "url": "example",
                     *         "links": [
                     *           "example"
                     *         ],
                     *         "relative_links_limit": 1,
                     *         "chunks_count": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateDocumentResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown knowledge base or document, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                docId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "knowledgebase_id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "type": "website",
                     *         "type_label": "example",
                     *         "status": "processing",
                     *         "status_label": "example",
                     *         "failure_reason": "example",
                     *         "url": "example",
                     *         "links": [
                     *           "example"
                     *         ],
                     *         "relative_links_limit": 1,
                     *         "chunks_count": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetDocumentResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown knowledge base or document, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    updateDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                docId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Opening hours and holidays",
                 *       "description": "Including the Christmas schedule"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateDocumentRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "knowledgebase_id": 1,
                     *         "name": "example",
                     *         "description": "example",
                     *         "type": "website",
                     *         "type_label": "example",
                     *         "status": "processing",
                     *         "status_label": "example",
                     *         "failure_reason": "example",
                     *         "url": "example",
                     *         "links": [
                     *           "example"
                     *         ],
                     *         "relative_links_limit": 1,
                     *         "chunks_count": 1,
                     *         "created_at": "2026-01-15T09:30:00.000000Z",
                     *         "updated_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateDocumentResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown knowledge base or document, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    deleteDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                docId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown knowledge base or document, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
        };
    };
    getWidgetConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": true,
                     *       "assistant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "example",
                     *       "language": "example",
                     *       "greeting": "example",
                     *       "settings": {
                     *         "title": "example",
                     *         "subtitle": "example",
                     *         "avatar_url": "example",
                     *         "primary_color": "example",
                     *         "position": "example",
                     *         "launcher_text": "example"
                     *       },
                     *       "call": {
                     *         "enabled": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetWidgetConfigResponse"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    createConversation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": "9b2f6c1e-4d3a-4f7b-8e21-5c0d9a7b3e44",
                 *       "type": "widget",
                 *       "variables": {
                 *         "customer_name": "Ana"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateConversationRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": true,
                     *       "conversation_id": "3f1c8a52-7b9e-4c2d-a6f0-1e8d7c5b4a39",
                     *       "history": [
                     *         {
                     *           "role": "assistant",
                     *           "content": "Hi Ana! How can I help you today?"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CreateConversationResponse"];
                };
            };
            /** @description Insufficient balance, or processing failed ("Failed to process message: ..."). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The assistant is not active (widget conversations only; the owner's test conversations are allowed), or the token is a viewer's (test conversations and messages sent with a token need an editor or higher). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Conversation not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Widget limits: conversations per client network per hour, messages per conversation and per client network per minute, or the assistant's daily widget budget. The Retry-After header gives the seconds to wait. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    sendConversationMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message": "Do you deliver on Saturdays?"
                 *     }
                 */
                "application/json": components["schemas"]["SendConversationMessageRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": true,
                     *       "message": "Yes, we deliver on Saturdays between 9:00 and 14:00.",
                     *       "function_calls": []
                     *     }
                     */
                    "application/json": components["schemas"]["SendConversationMessageResponse"];
                };
            };
            /** @description Insufficient balance, or processing failed ("Failed to process message: ..."). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The assistant is not active (widget conversations only; the owner's test conversations are allowed), or the token is a viewer's (test conversations and messages sent with a token need an editor or higher). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Conversation not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Widget limits: conversations per client network per hour, messages per conversation and per client network per minute, or the assistant's daily widget budget. The Retry-After header gives the seconds to wait. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    getConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": true,
                     *       "history": [
                     *         {
                     *           "role": "user",
                     *           "content": "example",
                     *           "function_calls": [
                     *             {
                     *               "name": "example",
                     *               "arguments": {},
                     *               "result": {}
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "variables": {},
                     *       "external_identifier": "example",
                     *       "whatsapp_sender": {
                     *         "name": "example",
                     *         "phone": "example",
                     *         "user_id": "example"
                     *       },
                     *       "customer": {
                     *         "name": "example",
                     *         "phone": "example",
                     *         "user_id": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetConversationResponse"];
                };
            };
            /** @description Conversation not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    listConversations: {
        parameters: {
            query?: {
                /** @description chatapp is a synonym of whatsapp. */
                type?: "test" | "widget" | "whatsapp" | "api" | "chatapp" | "sms";
                /** @description The assistant's id or UUID. */
                assistant_id?: string;
                customer_phone?: string;
                external_identifier?: string;
                /** @description The chatapp sender's number (E.164). */
                whatsapp_sender_phone?: string;
                /** @description A synonym of whatsapp_sender_phone. */
                chatapp_sender_phone?: string;
                per_page?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "example",
                     *           "assistant_id": "example",
                     *           "assistant_name": "example",
                     *           "type": "example",
                     *           "variables": {},
                     *           "message_count": 1,
                     *           "total_cost": 0.5,
                     *           "ai_enabled": true,
                     *           "status": "example",
                     *           "created_at": "example",
                     *           "updated_at": "example",
                     *           "external_identifier": "example",
                     *           "whatsapp_sender": {
                     *             "name": "example",
                     *             "phone": "example",
                     *             "user_id": "example"
                     *           },
                     *           "customer": {
                     *             "name": "example",
                     *             "phone": "example",
                     *             "user_id": "example"
                     *           }
                     *         }
                     *       ],
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "next_cursor": "example",
                     *       "prev_cursor": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["ListConversationsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getConversationRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "assistant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "assistant_name": "example",
                     *       "type": "example",
                     *       "status": "example",
                     *       "end_reason": "example",
                     *       "ai_enabled": true,
                     *       "message_count": 1,
                     *       "total_cost": 0.5,
                     *       "variables": {},
                     *       "evaluation": {},
                     *       "chatapp": {
                     *         "sender_id": 1,
                     *         "customer_phone": "example",
                     *         "customer_name": "example"
                     *       },
                     *       "sms": {
                     *         "phone_number_id": 1,
                     *         "customer_phone": "example"
                     *       },
                     *       "messages": [
                     *         {
                     *           "id": 1,
                     *           "role": "user",
                     *           "content": "example",
                     *           "function_calls": [
                     *             {
                     *               "name": "example",
                     *               "arguments": {},
                     *               "result": {}
                     *             }
                     *           ],
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ],
                     *       "created_at": "2026-01-15T09:30:00.000000Z",
                     *       "updated_at": "2026-01-15T09:30:00.000000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ConversationRecord"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unknown conversation, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    generateReply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": 1,
                 *       "customer_identifier": "+40711222333",
                 *       "message": "Can I order a birthday cake for Saturday?",
                 *       "variables": {
                 *         "customer_name": "Ana"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["GenerateReplyRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "conversation_id": "example",
                     *       "customer_identifier": "example",
                     *       "reply": "example",
                     *       "function_calls": [
                     *         {
                     *           "name": "example",
                     *           "arguments": {},
                     *           "result": {}
                     *         }
                     *       ],
                     *       "ai_disabled": true
                     *     }
                     */
                    "application/json": components["schemas"]["GenerateReplyResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        retry_after: number;
                    };
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    disableAiReplies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": true,
                     *       "ai_enabled": true
                     *     }
                     */
                    "application/json": components["schemas"]["DisableAiRepliesResponse"];
                };
            };
            /** @description Missing or unknown key: {"error": "Unauthorized"}. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Unknown conversation, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    enableAiReplies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": true,
                     *       "ai_enabled": true
                     *     }
                     */
                    "application/json": components["schemas"]["EnableAiRepliesResponse"];
                };
            };
            /** @description Missing or unknown key: {"error": "Unauthorized"}. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimpleErrorBody"];
                };
            };
            /** @description Unknown conversation, or another account's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    makeCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone_number": "+40711222333",
                 *       "assistant_id": 1,
                 *       "variables": {
                 *         "customer_name": "Ana"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["MakeCallRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "call_id": 1,
                     *       "status": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MakeCallResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listCalls: {
        parameters: {
            query?: {
                status?: "initiated" | "ringing" | "busy" | "in-progress" | "ended" | "completed" | "ended_by_customer" | "ended_by_assistant" | "no-answer" | "failed";
                type?: "inbound" | "outbound" | "web" | "whatsapp_outbound" | "whatsapp_inbound";
                phone_number?: string;
                assistant_id?: number;
                campaign_id?: number;
                /** @description YYYY-MM-DD (UTC) */
                date_from?: string;
                /** @description YYYY-MM-DD (UTC) */
                date_to?: string;
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "assistant_id": 1,
                     *           "assistant_name": "example",
                     *           "campaign_name": "example",
                     *           "type": "example",
                     *           "direction": "inbound",
                     *           "duration": 1,
                     *           "assistant_phone_number": "example",
                     *           "client_phone_number": "example",
                     *           "status": "example",
                     *           "end_reason": "example",
                     *           "transcript": [
                     *             {
                     *               "text": "example",
                     *               "type": "transcript",
                     *               "sender": "bot",
                     *               "timestamp": 0.5,
                     *               "function_calls": [
                     *                 {
                     *                   "name": "example",
                     *                   "arguments": {},
                     *                   "result": {}
                     *                 }
                     *               ],
                     *               "latency": {
                     *                 "caller_speech_ended_at": 0.5,
                     *                 "transcript_final_at": 0.5,
                     *                 "model_first_token_at": 0.5,
                     *                 "first_audio_sent_at": 0.5
                     *               }
                     *             }
                     *           ],
                     *           "variables": {},
                     *           "evaluation": {},
                     *           "webhook_response": null,
                     *           "carrier_cost": 0.5,
                     *           "total_cost": 0.5,
                     *           "answered_by": "example",
                     *           "recording_url": "example",
                     *           "created_at": "example",
                     *           "updated_at": "example",
                     *           "answered_at": "example",
                     *           "ended_at": "example"
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListCallsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "assistant_id": 1,
                     *       "assistant_name": "example",
                     *       "campaign_name": "example",
                     *       "type": "example",
                     *       "direction": "inbound",
                     *       "duration": 1,
                     *       "assistant_phone_number": "example",
                     *       "client_phone_number": "example",
                     *       "status": "example",
                     *       "end_reason": "example",
                     *       "transcript": [
                     *         {
                     *           "text": "example",
                     *           "type": "transcript",
                     *           "sender": "bot",
                     *           "timestamp": 0.5,
                     *           "function_calls": [
                     *             {
                     *               "name": "example",
                     *               "arguments": {},
                     *               "result": {}
                     *             }
                     *           ],
                     *           "latency": {
                     *             "caller_speech_ended_at": 0.5,
                     *             "transcript_final_at": 0.5,
                     *             "model_first_token_at": 0.5,
                     *             "first_audio_sent_at": 0.5
                     *           }
                     *         }
                     *       ],
                     *       "variables": {},
                     *       "evaluation": {},
                     *       "webhook_response": null,
                     *       "carrier_cost": 0.5,
                     *       "total_cost": 0.5,
                     *       "answered_by": "example",
                     *       "recording_url": "example",
                     *       "created_at": "example",
                     *       "updated_at": "example",
                     *       "answered_at": "example",
                     *       "ended_at": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["Call"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    downloadCallRecording: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The WAV file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example  */
                    "audio/wav": string;
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    twilioIncomingCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    twilioCallStatus: {
        parameters: {
            query?: {
                call_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    startWebCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assistant_id": "9b2f6c1e-4d3a-4f7b-8e21-5c0d9a7b3e44",
                 *       "variables": {
                 *         "customer_name": "Ana"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["StartWebCallRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "call_id": 1,
                     *       "websocket_url": "example",
                     *       "expires_at": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["StartWebCallResponse"];
                };
            };
            /** @description Insufficient balance for the call's first minute. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The page's origin is not allowed, the assistant is not active (public calls only; the owner's test calls are allowed), or the token is a viewer's (a test call needs an editor or higher). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Assistant not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Public calls only: the widget's starts per client network per hour, the assistant's daily widget budget (DAILY_BUDGET_SPENT, until the next UTC day), or the calls in progress per assistant or per network (WEB_CALLS_MAX_*). Retry-After gives the seconds to wait. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
            /** @description This server lacks a speech provider the assistant's mode needs (the owner is told which key to set). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationErrorBody"];
                };
            };
        };
    };
    postUserChatappVoiceCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sender_id": 1,
                 *       "recipient_phone": "+40711222333",
                 *       "variables": {
                 *         "customer_name": "Ana"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PostUserChatappVoiceCallRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "status": "queued",
                     *       "sender_id": 1,
                     *       "customer_phone": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["PostUserChatappVoiceCallResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description INSUFFICIENT_BALANCE: the balance does not cover the first minute. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description ASSISTANT_BLOCKED: the sender's assistant is not active. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description SENDER_NOT_FOUND: missing, or not the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description INVALID_PHONE, VOICE_DISABLED, NO_PERMISSION, NO_ASSISTANT, SENDER_OFFLINE, REGION_NOT_SUPPORTED, FEATURE_DISABLED, CALL_FAILED, or invalid input. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description CONCURRENT_LIMIT (5 calls in progress per sender), CONTACT_RATE_LIMIT (3 per contact per 5 minutes), RATE_LIMIT_EXCEEDED (5/min, 15/h, 30/day per user); Retry-After says when. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
            /** @description CALL_FAILED: the platform could not be reached. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodedErrorBody"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "example",
                     *         "assistant_id": 1,
                     *         "status": "example",
                     *         "pause_reason": "example",
                     *         "timezone": "example",
                     *         "max_calls_in_parallel": 1,
                     *         "mark_complete_when_no_leads": true,
                     *         "allowed_hours_start_time": "example",
                     *         "allowed_hours_end_time": "example",
                     *         "allowed_days": [
                     *           "example"
                     *         ],
                     *         "max_retries": 1,
                     *         "retry_interval": 1,
                     *         "retry_on_voicemail": true,
                     *         "retry_on_goal_incomplete": true,
                     *         "goal_completion_variable": "example",
                     *         "phone_number_ids": [
                     *           1
                     *         ],
                     *         "pre_dial_webhook_url": "example",
                     *         "pre_dial_webhook_secret": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ListCampaignsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createCampaignPlural: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Christmas orders",
                 *       "assistant_id": 2,
                 *       "allowed_hours_start_time": "10:00",
                 *       "allowed_hours_end_time": "19:00"
                 *     }
                 */
                "application/json": components["schemas"]["CreateCampaignPluralRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "assistant_id": 1,
                     *         "status": "example",
                     *         "pause_reason": "example",
                     *         "timezone": "example",
                     *         "max_calls_in_parallel": 1,
                     *         "mark_complete_when_no_leads": true,
                     *         "allowed_hours_start_time": "example",
                     *         "allowed_hours_end_time": "example",
                     *         "allowed_days": [
                     *           "example"
                     *         ],
                     *         "max_retries": 1,
                     *         "retry_interval": 1,
                     *         "retry_on_voicemail": true,
                     *         "retry_on_goal_incomplete": true,
                     *         "goal_completion_variable": "example",
                     *         "phone_number_ids": [
                     *           1
                     *         ],
                     *         "pre_dial_webhook_url": "example",
                     *         "pre_dial_webhook_secret": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateCampaignPluralResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Saturday cake pre-orders",
                 *       "assistant_id": 2,
                 *       "timezone": "Europe/Bucharest",
                 *       "max_calls_in_parallel": 3,
                 *       "allowed_hours_start_time": "09:00",
                 *       "allowed_hours_end_time": "18:00",
                 *       "allowed_days": [
                 *         "monday",
                 *         "tuesday",
                 *         "wednesday",
                 *         "thursday",
                 *         "friday",
                 *         "saturday"
                 *       ],
                 *       "max_retries": 3,
                 *       "retry_interval": 60,
                 *       "retry_on_voicemail": true,
                 *       "mark_complete_when_no_leads": true,
                 *       "phone_number_ids": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateCampaignRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "assistant_id": 1,
                     *         "status": "example",
                     *         "pause_reason": "example",
                     *         "timezone": "example",
                     *         "max_calls_in_parallel": 1,
                     *         "mark_complete_when_no_leads": true,
                     *         "allowed_hours_start_time": "example",
                     *         "allowed_hours_end_time": "example",
                     *         "allowed_days": [
                     *           "example"
                     *         ],
                     *         "max_retries": 1,
                     *         "retry_interval": 1,
                     *         "retry_on_voicemail": true,
                     *         "retry_on_goal_incomplete": true,
                     *         "goal_completion_variable": "example",
                     *         "phone_number_ids": [
                     *           1
                     *         ],
                     *         "pre_dial_webhook_url": "example",
                     *         "pre_dial_webhook_secret": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateCampaignResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "assistant_id": 1,
                     *         "status": "example",
                     *         "pause_reason": "example",
                     *         "timezone": "example",
                     *         "max_calls_in_parallel": 1,
                     *         "mark_complete_when_no_leads": true,
                     *         "allowed_hours_start_time": "example",
                     *         "allowed_hours_end_time": "example",
                     *         "allowed_days": [
                     *           "example"
                     *         ],
                     *         "max_retries": 1,
                     *         "retry_interval": 1,
                     *         "retry_on_voicemail": true,
                     *         "retry_on_goal_incomplete": true,
                     *         "goal_completion_variable": "example",
                     *         "phone_number_ids": [
                     *           1
                     *         ],
                     *         "pre_dial_webhook_url": "example",
                     *         "pre_dial_webhook_secret": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetCampaignResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "max_calls_in_parallel": 5,
                 *       "retry_interval": 120
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCampaignRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "assistant_id": 1,
                     *         "status": "example",
                     *         "pause_reason": "example",
                     *         "timezone": "example",
                     *         "max_calls_in_parallel": 1,
                     *         "mark_complete_when_no_leads": true,
                     *         "allowed_hours_start_time": "example",
                     *         "allowed_hours_end_time": "example",
                     *         "allowed_days": [
                     *           "example"
                     *         ],
                     *         "max_retries": 1,
                     *         "retry_interval": 1,
                     *         "retry_on_voicemail": true,
                     *         "retry_on_goal_incomplete": true,
                     *         "goal_completion_variable": "example",
                     *         "phone_number_ids": [
                     *           1
                     *         ],
                     *         "pre_dial_webhook_url": "example",
                     *         "pre_dial_webhook_secret": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateCampaignResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateCampaignStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaign_id": 1,
                 *       "action": "start"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCampaignStatusRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "success": true,
                     *       "data": {
                     *         "campaign_id": 1,
                     *         "status": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateCampaignStatusResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {boolean} */
                        success: false;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {boolean} */
                        success: false;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getCampaignProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "campaign_id": 1,
                     *       "status": "example",
                     *       "pause_reason": "example",
                     *       "leads": {
                     *         "total": 1,
                     *         "created": 1,
                     *         "scheduled": 1,
                     *         "processing": 1,
                     *         "completed": 1,
                     *         "rescheduled": 1,
                     *         "reached-max-retries": 1,
                     *         "blacklisted": 1
                     *       },
                     *       "calls_in_progress": 1,
                     *       "next_dial_at": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignProgress"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createLead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaign_id": 1,
                 *       "phone_number": "+40711222333",
                 *       "variables": {
                 *         "customer_name": "Ana"
                 *       },
                 *       "secondary_contacts": [
                 *         {
                 *           "phone_number": "+40722333444",
                 *           "variables": {
                 *             "customer_name": "Mihai"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateLeadRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "campaign_id": 1,
                     *         "phone_number": "example",
                     *         "variables": {},
                     *         "status": "example",
                     *         "call_tries": 1,
                     *         "last_outcome": "example",
                     *         "next_attempt_at": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example",
                     *         "campaign": {
                     *           "id": 1,
                     *           "name": "example"
                     *         },
                     *         "secondary_contacts": [
                     *           {
                     *             "id": 1,
                     *             "phone_number": "example",
                     *             "variables": {},
                     *             "status": "example",
                     *             "created_at": "example",
                     *             "updated_at": "example"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateLeadResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listLeads: {
        parameters: {
            query?: {
                status?: "created" | "scheduled" | "processing" | "completed" | "rescheduled" | "reached-max-retries" | "blacklisted";
                campaign_id?: number;
                /** @description Part of the number. */
                phone_number?: string;
                /** @description YYYY-MM-DD (UTC) */
                date_from?: string;
                /** @description YYYY-MM-DD (UTC) */
                date_to?: string;
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "campaign_id": 1,
                     *           "phone_number": "example",
                     *           "variables": {},
                     *           "status": "example",
                     *           "call_tries": 1,
                     *           "last_outcome": "example",
                     *           "next_attempt_at": "example",
                     *           "created_at": "example",
                     *           "updated_at": "example",
                     *           "campaign": {
                     *             "id": 1,
                     *             "name": "example"
                     *           },
                     *           "secondary_contacts": [
                     *             {
                     *               "id": 1,
                     *               "phone_number": "example",
                     *               "variables": {},
                     *               "status": "example",
                     *               "created_at": "example",
                     *               "updated_at": "example"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListLeadsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "campaign_id": 1,
                     *         "phone_number": "example",
                     *         "variables": {},
                     *         "status": "example",
                     *         "call_tries": 1,
                     *         "last_outcome": "example",
                     *         "next_attempt_at": "example",
                     *         "created_at": "example",
                     *         "updated_at": "example",
                     *         "campaign": {
                     *           "id": 1,
                     *           "name": "example"
                     *         },
                     *         "secondary_contacts": [
                     *           {
                     *             "id": 1,
                     *             "phone_number": "example",
                     *             "variables": {},
                     *             "status": "example",
                     *             "created_at": "example",
                     *             "updated_at": "example"
                     *           }
                     *         ],
                     *         "attempts": [
                     *           {
                     *             "id": 1,
                     *             "phone_number": "example",
                     *             "call_id": 1,
                     *             "outcome": "example",
                     *             "detail": "example",
                     *             "started_at": "example",
                     *             "ended_at": "example"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetLeadResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    updateLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "variables": {
                 *         "preferred_cake": "chocolate"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLeadRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    deleteLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    importLeads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "campaign_id": 1,
                 *       "csv": "phone_number,customer_name\n+40733444555,Ioana\n+40744555666,Dan\n"
                 *     }
                 */
                "application/json": components["schemas"]["ImportLeadsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "total_rows": 1,
                     *       "imported": 1,
                     *       "duplicates": 1,
                     *       "rejected": [
                     *         {
                     *           "row": 1,
                     *           "phone_number": "example",
                     *           "reason": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LeadImportReport"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listDoNotCall: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "phone_number": "example",
                     *           "source": "example",
                     *           "reason": "example",
                     *           "created_at": "example"
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListDoNotCallResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    addDoNotCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone_number": "+40755666777",
                 *       "reason": "Asked not to be called again"
                 *     }
                 */
                "application/json": components["schemas"]["AddDoNotCallRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    importDoNotCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone_numbers": [
                 *         "+40766777888",
                 *         "+40721987654"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ImportDoNotCallRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "total_rows": 1,
                     *       "added": 1,
                     *       "already_listed": 1,
                     *       "rejected": [
                     *         {
                     *           "row": 1,
                     *           "phone_number": "example",
                     *           "reason": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ImportDoNotCallResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    removeDoNotCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                phone_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listSms: {
        parameters: {
            query?: {
                direction?: "outbound" | "inbound";
                status?: "queued" | "sent" | "delivered" | "undelivered" | "failed" | "received";
                /** @description Only this number's messages. */
                phone_number_id?: number;
                /** @description Only messages with this person: `to` of the sent, `from` of the received (E.164). */
                contact?: string;
                /** @description YYYY-MM-DD (UTC) */
                date_from?: string;
                /** @description YYYY-MM-DD (UTC) */
                date_to?: string;
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "phone_number_id": 1,
                     *           "direction": "outbound",
                     *           "origin": "api",
                     *           "from": "example",
                     *           "to": "example",
                     *           "body": "example",
                     *           "user_id": 1,
                     *           "encoding": "GSM-7",
                     *           "segments": 1,
                     *           "segment_price": 0.5,
                     *           "total_cost": 0.5,
                     *           "status": "queued",
                     *           "sms_sid": "example",
                     *           "error_code": 1,
                     *           "error_message": "example",
                     *           "refunded": true,
                     *           "conversation_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "created_at": "example",
                     *           "updated_at": "example"
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListSmsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    sendSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": 2,
                 *       "to": "+40711222333",
                 *       "body": "Your order is ready for pickup at Bread & Co. See you soon!"
                 *     }
                 */
                "application/json": components["schemas"]["SendSmsRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number_id": 1,
                     *         "direction": "outbound",
                     *         "origin": "api",
                     *         "from": "example",
                     *         "to": "example",
                     *         "body": "example",
                     *         "user_id": 1,
                     *         "encoding": "GSM-7",
                     *         "segments": 1,
                     *         "segment_price": 0.5,
                     *         "total_cost": 0.5,
                     *         "status": "queued",
                     *         "sms_sid": "example",
                     *         "error_code": 1,
                     *         "error_message": "example",
                     *         "refunded": true,
                     *         "conversation_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SendSmsResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    getSms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 1,
                     *         "phone_number_id": 1,
                     *         "direction": "outbound",
                     *         "origin": "api",
                     *         "from": "example",
                     *         "to": "example",
                     *         "body": "example",
                     *         "user_id": 1,
                     *         "encoding": "GSM-7",
                     *         "segments": 1,
                     *         "segment_price": 0.5,
                     *         "total_cost": 0.5,
                     *         "status": "queued",
                     *         "sms_sid": "example",
                     *         "error_code": 1,
                     *         "error_message": "example",
                     *         "refunded": true,
                     *         "conversation_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "created_at": "example",
                     *         "updated_at": "example"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetSmsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    twilioIncomingSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    twilioSmsStatus: {
        parameters: {
            query?: {
                sms_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    listOperatorAccounts: {
        parameters: {
            query?: {
                /** @description Part of the account's name, its e-mail or a member's e-mail. */
                search?: string;
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "current_page": 1,
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "example",
                     *           "email": "example",
                     *           "balance": 0.5,
                     *           "members_count": 1,
                     *           "suspended": true,
                     *           "suspended_at": "2026-01-15T09:30:00.000000Z",
                     *           "suspension_reason": "example",
                     *           "created_at": "2026-01-15T09:30:00.000000Z"
                     *         }
                     *       ],
                     *       "first_page_url": "example",
                     *       "from": 1,
                     *       "last_page": 1,
                     *       "last_page_url": "example",
                     *       "links": [
                     *         {
                     *           "url": "example",
                     *           "label": "example",
                     *           "active": true
                     *         }
                     *       ],
                     *       "next_page_url": "example",
                     *       "path": "example",
                     *       "per_page": 1,
                     *       "prev_page_url": "example",
                     *       "to": 1,
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ListOperatorAccountsResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not the operator of this server. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The input failed validation; every failing field is listed. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    createOperatorAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "orders@pastryhouse.example",
                 *       "name": "Pastry House",
                 *       "password": "a long password",
                 *       "balance": 25
                 *     }
                 */
                "application/json": components["schemas"]["CreateOperatorAccountRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "account": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example",
                     *         "balance": 0.5,
                     *         "members_count": 1,
                     *         "suspended": true,
                     *         "suspended_at": "2026-01-15T09:30:00.000000Z",
                     *         "suspension_reason": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreateOperatorAccountResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not the operator of this server. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    changeOperatorAccountBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 50,
                 *       "reason": "Invoice 2026-014 paid"
                 *     }
                 */
                "application/json": components["schemas"]["ChangeOperatorAccountBalanceRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "balance": 0.5,
                     *       "ledger_entry": {
                     *         "id": 1,
                     *         "amount": 0.5,
                     *         "balance_after": 0.5,
                     *         "reason": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ChangeOperatorAccountBalanceResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not the operator of this server. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description No such account (or a deleted one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    suspendOperatorAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Chargeback on invoice 2026-014"
                 *     }
                 */
                "application/json": components["schemas"]["SuspendOperatorAccountRequest"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "account": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example",
                     *         "balance": 0.5,
                     *         "members_count": 1,
                     *         "suspended": true,
                     *         "suspended_at": "2026-01-15T09:30:00.000000Z",
                     *         "suspension_reason": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SuspendOperatorAccountResponse"];
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not the operator of this server. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description No such account (or a deleted one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Already suspended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description No reason, or the operator's own account. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
    restoreOperatorAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example",
                     *       "account": {
                     *         "id": 1,
                     *         "name": "example",
                     *         "email": "example",
                     *         "balance": 0.5,
                     *         "members_count": 1,
                     *         "suspended": true,
                     *         "suspended_at": "2026-01-15T09:30:00.000000Z",
                     *         "suspension_reason": "example",
                     *         "created_at": "2026-01-15T09:30:00.000000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RestoreOperatorAccountResponse"];
                };
            };
            /** @description Missing, unknown, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not the operator of this server. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description No such account (or a deleted one). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Not suspended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
            /** @description Unexpected error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageBody"];
                };
            };
        };
    };
}
