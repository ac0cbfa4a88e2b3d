import type { Language } from '../constants.ts';

/** A text in the three interface languages. */
export type Localized = Readonly<Record<Language, string>>;

/** One choice of a shipped list: `state` is what clients submit (API-FAMILY.md §5.6), `label` what they show. */
export interface RefOption<State extends number | string = number> {
  readonly state: State;
  readonly label: Localized;
}

/** The option with this state, if any. */
export function findOption<State extends number | string>(options: readonly RefOption<State>[], state: unknown): RefOption<State> | undefined {
  return options.find((option) => option.state === state);
}

/** The states of a list, for validation. */
export function optionStates<State extends number | string>(options: readonly RefOption<State>[]): State[] {
  return options.map((option) => option.state);
}
