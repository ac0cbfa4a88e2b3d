export type { AccountLifecycle, CloseGuard, CloseRefusal, ClosedListener, Eraser } from './account-lifecycle.ts';
export type { DataExportRegistry, ExportSectionLoader } from './data-export.ts';
