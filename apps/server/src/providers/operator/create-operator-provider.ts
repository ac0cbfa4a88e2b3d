import type { Config } from '../../config.ts';
import type { OperatorVerificationProvider } from './operator-provider.ts';
import { SmsOperatorProvider, type CodeSender } from './sms-operator-provider.ts';

export function createOperatorProvider(config: Config, codes: CodeSender): OperatorVerificationProvider {
  switch (config.operatorProvider) {
    case 'sms':
      return new SmsOperatorProvider(codes, config.productName);
  }
}
