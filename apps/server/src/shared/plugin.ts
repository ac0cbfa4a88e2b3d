import type { FastifyInstance } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its hooks, decorators and handlers apply to the whole
 * app (what fastify-plugin does, via Fastify's documented `skip-override` symbol).
 */
export function globalPlugin<Options>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): (app: FastifyInstance, options: Options) => Promise<void> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
