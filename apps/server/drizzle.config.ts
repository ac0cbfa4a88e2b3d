import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w apps/server` writes a new SQL migration to ./drizzle; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
