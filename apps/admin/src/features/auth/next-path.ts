/**
 * The page to return to after signing in (`?next=`): only a path inside the back office, never
 * another origin ('//evil.example', 'https://…') or the sign-in pages themselves.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/sign-in') || next.startsWith('/enrol')) return '/';
  return next;
}
