import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { BankRepository } from './bank.repository.ts';
import { BankService } from './bank.service.ts';

export type { BankService, ReceivingAccount, UnbindGuard } from './bank.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bank module's public service: receiving accounts and emergency contacts. */
    bank: BankService;
  }
}

/** Receiving accounts (bank accounts, e-wallets) and emergency contacts: the BANK certification step. */
export const bankModule = globalPlugin('sen-bank', async (app: FastifyInstance) => {
  const { database, secrets, clock } = app.infra;
  const bank = new BankService(new BankRepository(database.uow), database.uow, secrets.fieldCipher, app.users, app.certification, clock);
  app.decorate('bank', bank);
  // The borrower's data export (issue 13): receiving accounts with masked numbers, emergency contacts.
  app.dataExport.addSection('receivingAccounts', async (userId) => {
    const user = await app.users.info(userId);
    return { bankAccounts: await bank.myCards(userId, user.id), wallets: await bank.myWallets(userId), emergencyContacts: await bank.emergencyContacts(userId) };
  });

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
    const user = await app.users.info(session.userId, session.user);
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
});
