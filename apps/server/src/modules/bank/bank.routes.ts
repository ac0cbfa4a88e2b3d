import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** Receiving accounts (bank accounts, e-wallets) and emergency contacts: the BANK certification step. */
export function registerBankRoutes(app: FastifyInstance, { services: { bank, users } }: Composition): void {
  registerEndpoint(app, endpoints.bankList, async () => [...bank.banks()]);
  registerEndpoint(app, endpoints.walletList, async () => bank.wallets());
  registerEndpoint(app, endpoints.bankBind, async ({ input, session }) => {
    await bank.bind(session.userId, input);
    return null;
  });
  registerEndpoint(app, endpoints.bankAdd, async ({ input, session }) => {
    await bank.add(session.userId, input);
    return null;
  });
  registerEndpoint(app, endpoints.bankMyCard, async ({ session }) => {
    const user = await users.info(session.userId, session.user);
    return bank.myCards(session.userId, user.id);
  });
  registerEndpoint(app, endpoints.bankSetDefault, async ({ input, session }) => {
    await bank.setDefault(session.userId, input.bankInfoId);
    return null;
  });
  registerEndpoint(app, endpoints.bankUnbind, async ({ input, session }) => {
    await bank.unbind(session.userId, input.bankInfoId);
    return null;
  });
  registerEndpoint(app, endpoints.cashWalletListMy, async ({ session }) => bank.myWallets(session.userId));
  registerEndpoint(app, endpoints.cashWalletSetDefault, async ({ input, session }) => {
    await bank.setDefault(session.userId, input.id, 'WALLET');
    return null;
  });
  registerEndpoint(app, endpoints.emergencyContacts, async ({ session }) => {
    const contacts = await bank.emergencyContacts(session.userId);
    return {
      contacts: contacts.map((contact) => ({ relatives: contact.relationship, relativesName: contact.name, relativesMobile: contact.phone })),
    };
  });
}
