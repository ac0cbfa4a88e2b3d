import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id over the client-transformed password (md5 hex, see transformPassword). The transform
 * only keeps the typed text off the wire and out of logs; this hash is what protects it at rest.
 */
// algorithm 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(transformedPassword: string): Promise<string> {
    return hash(transformedPassword, ARGON2_OPTIONS);
  }

  async verify(passwordHash: string, transformedPassword: string): Promise<boolean> {
    try {
      return await verify(passwordHash, transformedPassword);
    } catch {
      return false;
    }
  }

  /** Spends the time of a real verification, for unknown phones: login timing reveals nothing. */
  async verifyAgainstDummy(transformedPassword: string): Promise<void> {
    this.dummyHash ??= this.hash('0'.repeat(32));
    await this.verify(await this.dummyHash, transformedPassword);
  }
}
