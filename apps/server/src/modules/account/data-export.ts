/**
 * Loads one section of a borrower's data export: only rows of `userId`, personal numbers masked,
 * images listed without their bytes, no secrets (token hashes, password hashes).
 */
export type ExportSectionLoader = (userId: string) => Promise<unknown>;

/**
 * The data export of Law 91/2025 (the data subject's right to a copy): each module that holds
 * personal data adds its section here when it registers, so a new module cannot be forgotten by
 * an export written somewhere else.
 */
export class DataExportRegistry {
  private readonly sections = new Map<string, ExportSectionLoader>();

  addSection(name: string, loader: ExportSectionLoader): void {
    if (this.sections.has(name)) throw new Error(`export section ${name} registered twice`);
    this.sections.set(name, loader);
  }

  sectionNames(): string[] {
    return [...this.sections.keys()];
  }

  /** Every section for `userId`, in registration order. */
  async build(userId: string): Promise<Record<string, unknown>> {
    const result: Record<string, unknown> = {};
    for (const [name, loader] of this.sections) result[name] = await loader(userId);
    return result;
  }
}
