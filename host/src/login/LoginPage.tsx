import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import type { LoginPageData } from './pageData';

export type LoginTranslate = (key: string) => string;

/**
 * The sign-in form: a classic HTML form POST to the page's own URL (the server redirects on success and
 * renders the page again with `error` on failure), so it works with the core's session login as is.
 */
export function LoginPage({ data, t }: { data: LoginPageData; t: LoginTranslate }) {
  const [username, setUsername] = useState(data.username);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    if (!username.trim()) {
      event.preventDefault();
      setMissing(t('login.usernameRequired'));
    } else if (!password) {
      event.preventDefault();
      setMissing(t('login.passwordRequired'));
    }
  };
  const error = missing ?? data.error;

  return (
    <div className="flex align-items-center justify-content-center min-h-screen surface-ground p-3">
      <div className="surface-card shadow-2 border-round p-5 w-full" style={{ maxWidth: 420 }}>
        <h1 className="text-2xl font-medium mt-0 mb-1 text-center">{data.loginTitle || t('login.title')}</h1>
        <p className="text-center text-color-secondary mt-0 mb-4">{t('login.title')}</p>
        {error ? (
          <div
            className="p-3 mb-3 border-round bg-red-50 text-red-700 border-1 border-red-200"
            role="alert"
            data-testid="login-error"
          >
            {error}
          </div>
        ) : null}
        <form method="post" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="csrfmiddlewaretoken" value={data.csrfToken} />
          <input type="hidden" name="next" value={data.next} />
          <div className="flex flex-column gap-2 mb-3">
            <label htmlFor="username">{t('login.username')}</label>
            <InputText
              id="username"
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoFocus={!data.username}
              className="w-full"
            />
          </div>
          <div className="flex flex-column gap-2 mb-4">
            <label htmlFor="password">{t('login.password')}</label>
            <Password
              inputId="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              feedback={false}
              toggleMask
              autoFocus={Boolean(data.username)}
              className="w-full"
              inputClassName="w-full"
            />
          </div>
          <Button type="submit" label={t('login.submit')} className="w-full" />
        </form>
      </div>
    </div>
  );
}
