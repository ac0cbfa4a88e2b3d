import { SURVEY_LOG_API_VERSION, SURVEY_LOG_HEADERS } from '@sen/contract';
import { endpoints } from '../request/endpoints.ts';

/** The configured log endpoint (VITE_LOG_ENDPOINT), by default the server's survey-log ingest. */
export const LOG_ENDPOINT: string = import.meta.env.VITE_LOG_ENDPOINT || endpoints.surveyLog.path;

/** The survey-format body and its headers (SPEC.md §7): no default params, not signed. */
export function surveyRequest(survey: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ __topic__: 'survey', __logs__: [{ survey: JSON.stringify(survey) }] });
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      [SURVEY_LOG_HEADERS.apiVersion]: SURVEY_LOG_API_VERSION,
      [SURVEY_LOG_HEADERS.bodyRawSize]: String(new TextEncoder().encode(body).length),
    },
  };
}

/** Posts one survey record to the log endpoint; every error is silenced. */
export async function postClientLog(survey: Record<string, unknown>, endpoint: string = LOG_ENDPOINT): Promise<void> {
  try {
    const { body, headers } = surveyRequest(survey);
    await fetch(endpoint, { method: 'POST', headers, body, keepalive: true });
  } catch {
    // Logs are best effort: a failure here must never reach the user.
  }
}
