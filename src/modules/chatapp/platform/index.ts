import type { SecretBox } from '../../../core/crypto/secret-box.js';
import type { ChatappPlatformKind } from '../../../core/db/schema.js';
import { createGraphTransport } from './cloud-api.js';
import { createSimulatorPlatform } from './simulator.js';
import type { ChatappPlatform } from './types.js';

export * from './types.js';

/** The fields of a sender row an adapter needs. */
export interface SenderPlatformFields {
  platform: ChatappPlatformKind;
  phone_number_id: string | null;
  waba_id: string | null;
  access_token_sealed: string | null;
}

export interface PlatformsOptions {
  graphUrl: string;
  graphTimeoutMs: number;
  secrets: SecretBox;
}

/** Picks the adapter for a sender; the only place that opens a sender's sealed access token. */
export function createPlatforms(options: PlatformsOptions) {
  const graph = createGraphTransport({ baseUrl: options.graphUrl, timeoutMs: options.graphTimeoutMs });
  const simulator = createSimulatorPlatform();
  return {
    forSender(sender: SenderPlatformFields): ChatappPlatform {
      if (sender.platform === 'simulator') return simulator;
      return graph.forSender({
        phoneNumberId: sender.phone_number_id ?? '',
        wabaId: sender.waba_id ?? '',
        accessToken: sender.access_token_sealed ? options.secrets.open(sender.access_token_sealed) : '',
      });
    },
    close: () => graph.close(),
  };
}

export type Platforms = ReturnType<typeof createPlatforms>;
