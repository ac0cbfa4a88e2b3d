import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { openApiDocumentText } from '../modules/docs/index.ts';

/** `npm run openapi`: regenerates docs/openapi.json from the contract's endpoints (commit it). */
const target = path.join(REPO_ROOT, 'docs/openapi.json');
writeFileSync(target, openApiDocumentText());
console.info(`wrote ${path.relative(process.cwd(), target)}`);
