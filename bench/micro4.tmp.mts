import { z } from 'zod';
import fjs from 'fast-json-stringify';
import { endpoints } from '@sen/contract';
const schema = z.object({ code: z.literal(200), message: z.string(), data: endpoints.userInfo.response });
const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
console.log(JSON.stringify(json));
const stringify = fjs(json as never);
const data = { code: 200, message: 'Thành công', data: { id: 1, phone: '84912345678', passwdSign: 1, extra: 'x' } };
function time(name: string, fn: () => unknown, n = 200000) {
  for (let i = 0; i < 20000; i++) fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(name, ((performance.now() - t) / n * 1000).toFixed(2), 'µs');
}
time('zod+stringify', () => { const r = schema.safeParse(data); return JSON.stringify(r.data); });
time('fjs', () => stringify(data));
console.log(stringify(data));
