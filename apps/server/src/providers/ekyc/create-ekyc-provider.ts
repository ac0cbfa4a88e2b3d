import type { Config } from '../../config.ts';
import { DevEkycProvider } from './dev-ekyc-provider.ts';
import type { DevLivenessSigner } from './dev-liveness.ts';
import type { EkycProvider } from './ekyc-provider.ts';
import { FptEkycProvider } from './fpt-ekyc-provider.ts';

export function createEkycProvider(config: Config, signer: DevLivenessSigner): EkycProvider {
  if (config.ekyc.provider === 'fpt') return new FptEkycProvider(config.ekyc.fpt);
  return new DevEkycProvider(signer);
}
