export type { FeedbackService } from './feedback.service.ts';
