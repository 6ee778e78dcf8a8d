import type { Observable } from 'rxjs';

/** An organization as the profile lists it (console_orgs, audit_orgs, workbench_orgs). */
export interface OrgRef {
  id: string;
  name: string;
  is_default?: boolean;
  is_root?: boolean;
  disabled?: boolean;
}

export interface RoleRef {
  id: string;
  name: string;
  display_name?: string;
}

/** GET /api/v1/users/profile/ — only the fields the console reads are typed; the rest stay available. */
export interface UserProfile {
  id: string;
  name: string;
  username: string;
  email?: string;
  is_first_login?: boolean;
  /** Permission codes held in the organization of the request's X-JMS-ORG. */
  perms: string[];
  console_orgs: OrgRef[];
  audit_orgs: OrgRef[];
  workbench_orgs: OrgRef[];
  source?: string | { value: string; label: string };
  source_display?: string;
  system_roles?: RoleRef[];
  org_roles?: RoleRef[];
  system_roles_display?: string;
  org_roles_display?: string;
  phone?: string | null;
  wechat?: string;
  mfa_level?: number | { value: number; label: string };
  date_joined?: string;
  last_login?: string | null;
  date_password_last_updated?: string;
  is_superuser?: boolean;
  is_org_admin?: boolean;
  [field: string]: unknown;
}

/**
 * The signed-in session (docs/shell.md#start-up-order, docs/http.md#requests-the-console-sends): the profile,
 * the periodic session check and logout.
 */
export interface SessionService {
  /** The last profile fetched, or null before sign-in completed. */
  readonly profile: UserProfile | null;
  readonly profile$: Observable<UserProfile | null>;
  /** True when the (prefixed) csrf cookie exists; without it the session cannot be valid. */
  hasCsrfToken(): boolean;
  /** GET the profile and publish it. Rejects with HttpError (401/403 → the login redirect already ran). */
  loadProfile(): Promise<UserProfile>;
  /** Navigate to the server's logout page, keeping the current path as `next`. */
  logout(): void;
  /** Navigate to the login page with `next` = the current path. */
  redirectToLogin(): void;
}
