import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { ContentRepository } from './content.repository.ts';
import { ContentService } from './content.service.ts';

export { seedDemoActivities } from './demo-activities.ts';

/** Visitor-facing content: the common index (figures and contacts) and the banner list. */
export const contentModule = globalPlugin('sen-content', async (app: FastifyInstance) => {
  const { config, database, clock } = app.infra;
  const content = new ContentService(new ContentRepository(database.uow), clock, config);

  registerEndpoint(app, endpoints.commonIndex, async () => content.commonIndex());
  registerEndpoint(app, endpoints.activityList, async () => content.activities());
});
