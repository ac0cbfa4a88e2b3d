import { describe, expect, it } from 'vitest';
import { parseCreateOperator } from './admin-command.ts';

describe('npm run admin -- create-operator', () => {
  it('reads the e-mail (lower-cased), the role and an optional name', () => {
    expect(parseCreateOperator(['create-operator', '--email', 'Lan@Sen.VN', '--role', 'admin'])).toEqual({ email: 'lan@sen.vn', role: 'admin', name: 'lan' });
    expect(parseCreateOperator(['create-operator', '--role', 'viewer', '--email', 'a@b.vn', '--name', 'Nguyễn Lan'])).toEqual({ email: 'a@b.vn', role: 'viewer', name: 'Nguyễn Lan' });
  });

  it('refuses an unknown command, a bad e-mail, an unknown role and a dangling flag with the usage', () => {
    expect(parseCreateOperator(['make-admin'])).toHaveProperty('error', expect.stringContaining('usage:'));
    expect(parseCreateOperator(['create-operator', '--email', 'nope', '--role', 'admin'])).toHaveProperty('error', expect.stringContaining('not an e-mail'));
    expect(parseCreateOperator(['create-operator', '--email', 'a@b.vn', '--role', 'root'])).toHaveProperty('error', expect.stringContaining('unknown role: root'));
    expect(parseCreateOperator(['create-operator', '--email'])).toHaveProperty('error', expect.stringContaining('usage:'));
  });
});
