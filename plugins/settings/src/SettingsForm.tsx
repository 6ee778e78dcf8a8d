import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { Http, isHttpError, mapServerErrors, useService, useT } from '@bastion/sdk';
import { isAuthTab, type SettingCategoryPage, type SettingInput } from './categories';
import { AuthTabs } from './AuthTabs';

type Values = Record<string, unknown>;
type Announcement = { SUBJECT?: string; CONTENT?: string; LINK?: string };

/** What a panel under the form receives: the values being edited and the form's category. */
export interface PanelProps {
  values: Values;
  category: string;
}

const PANELS: Record<
  NonNullable<SettingCategoryPage['panel']>,
  LazyExoticComponent<ComponentType<PanelProps>>
> = {
  mailTest: lazy(() => import('./MailTestPanel')),
  mailPreview: lazy(() => import('./MailPreviewPanel')),
  ldap: lazy(() => import('./LdapPanel')),
  radius: lazy(() => import('./RadiusPanel')),
  authSources: lazy(() => import('./AuthSourcesPanel')),
  oidcTest: lazy(() => import('./OidcTestPanel')),
  providerTest: lazy(() => import('./ProviderTestPanel')),
};

const urlOf = (category: string) => `/api/v1/settings/setting/?category=${encodeURIComponent(category)}`;

/**
 * One category of the system settings (docs/settings.md#the-settings-api): read, edit, save with PATCH.
 * A refused save keeps what was typed and shows each field's message under it.
 */
export default function SettingsForm({ page }: { page: SettingCategoryPage }) {
  if (!page.subForms) return <CategoryForm page={page} />;
  // Each category saves on its own: sibling forms, never nested ones.
  return (
    <div className="flex flex-column gap-5">
      <CategoryForm page={page} />
      {page.subForms.map((sub) => (
        <CategoryForm key={sub.category} page={sub} />
      ))}
    </div>
  );
}

function CategoryForm({ page }: { page: SettingCategoryPage }) {
  const t = useT();
  const http = useService(Http);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    http.get<Values>(urlOf(page.category)).then(
      (data) => live && setValues(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http, page.category]);

  const tabs = isAuthTab(page) ? <AuthTabs /> : null;
  if (!values)
    return (
      <div data-testid={`settings-page-${page.category}`}>
        {tabs}
        <i className="pi pi-spin pi-spinner" aria-label={t('form.loading')} />
      </div>
    );

  const set = (name: string, value: unknown) => {
    setValues({ ...values, [name]: value });
    setSaved(false);
  };

  const submit = async () => {
    setSaving(true);
    setSaved(false);
    try {
      const fields = page.groups.flatMap((group) => group.fields.map((field) => field.name));
      const body = Object.fromEntries(fields.map((name) => [name, values[name]]));
      // A blank write-only field keeps the saved secret; the answer never holds it.
      setValues(await http.patch<Values>(urlOf(page.category), body, { silent: true }));
      setErrors({});
      setFormError(null);
      setSaved(true);
    } catch (error) {
      const mapped = mapServerErrors(isHttpError(error) ? error.data : null);
      setErrors(mapped.fields);
      setFormError(mapped.form ?? (Object.keys(mapped.fields).length ? null : t('form.failed')));
    } finally {
      setSaving(false);
    }
  };

  // A field without a help text in the locales shows none.
  const helpOf = (name: string): string => {
    const text = t(`help.${name}`);
    return text === `help.${name}` ? '' : text;
  };

  const input = (field: SettingInput) => {
    const id = `setting-${field.name}`;
    switch (field.type) {
      case 'switch':
        return (
          <InputSwitch
            inputId={id}
            data-testid={id}
            checked={values[field.name] === true}
            onChange={(e) => set(field.name, e.value === true)}
          />
        );
      case 'number':
        return (
          <InputNumber
            inputId={id}
            data-testid={id}
            value={typeof values[field.name] === 'number' ? (values[field.name] as number) : null}
            onValueChange={(e) => set(field.name, e.value ?? null)}
            useGrouping={false}
            min={0}
            max={field.max}
            className="w-12rem"
          />
        );
      case 'choice':
        return (
          <Dropdown
            inputId={id}
            data-testid={id}
            value={values[field.name]}
            options={field.values.map((value) => ({ value, label: t(`choice.${field.name}.${value}`) }))}
            onChange={(e) => set(field.name, e.value as number | string)}
            className="w-full md:w-30rem"
          />
        );
      case 'text':
        return (
          <InputText
            id={id}
            data-testid={id}
            value={typeof values[field.name] === 'string' ? (values[field.name] as string) : ''}
            onChange={(e) => set(field.name, e.target.value)}
            className="w-full"
          />
        );
      case 'password':
        // The server never sends it back: blank means "keep the saved one".
        return (
          <Password
            inputId={id}
            data-testid={id}
            value={typeof values[field.name] === 'string' ? (values[field.name] as string) : ''}
            onChange={(e) => set(field.name, e.target.value)}
            feedback={false}
            toggleMask
            placeholder={t('form.secretKept')}
            className="w-full"
            inputClassName="w-full"
            autoComplete="new-password"
          />
        );
      case 'textarea':
        return (
          <InputTextarea
            id={id}
            data-testid={id}
            value={typeof values[field.name] === 'string' ? (values[field.name] as string) : ''}
            onChange={(e) => set(field.name, e.target.value)}
            rows={4}
            className="w-full"
          />
        );
      case 'json': {
        const value = values[field.name];
        return (
          <InputTextarea
            id={id}
            data-testid={id}
            value={typeof value === 'string' ? value : JSON.stringify(value ?? {}, null, 2)}
            onChange={(e) => set(field.name, e.target.value)}
            rows={5}
            className="w-full font-monospace"
          />
        );
      }
      case 'announcement': {
        const value = (values[field.name] ?? {}) as Announcement;
        const part = (key: keyof Announcement, text: string) =>
          set(field.name, {
            SUBJECT: value.SUBJECT ?? '',
            CONTENT: value.CONTENT ?? '',
            LINK: value.LINK ?? '',
            [key]: text,
          });
        return (
          <div className="flex flex-column gap-2 w-full" data-testid={id}>
            <InputText
              id={id}
              placeholder={t('announcement.subject')}
              value={value.SUBJECT ?? ''}
              onChange={(e) => part('SUBJECT', e.target.value)}
            />
            <InputTextarea
              placeholder={t('announcement.content')}
              value={value.CONTENT ?? ''}
              rows={3}
              onChange={(e) => part('CONTENT', e.target.value)}
            />
            <InputText
              placeholder={t('announcement.link')}
              value={value.LINK ?? ''}
              onChange={(e) => part('LINK', e.target.value)}
            />
          </div>
        );
      }
    }
  };

  return (
    // The page's own container: the Auth page's tab strip sits above the form (pages stay alive hidden).
    <div data-testid={`settings-page-${page.category}`}>
      {tabs}
      <form
        className="settings-plugin flex flex-column gap-4"
        data-testid={`settings-form-${page.category}`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {page.groups.map((group) => (
          <fieldset key={group.title} className="border-none p-0 m-0 flex flex-column gap-3">
            <legend className="text-lg font-semibold mb-2">{t(group.title)}</legend>
            {group.fields.map((field) => (
              <div key={field.name} className="grid align-items-start m-0">
                <label htmlFor={`setting-${field.name}`} className="col-12 md:col-4 lg:col-3 pt-2">
                  {t(`field.${field.name}`)}
                </label>
                <div className="col-12 md:col-8 lg:col-6 flex flex-column gap-1">
                  {input(field)}
                  {errors[field.name] ? (
                    <small className="p-error" data-testid={`setting-error-${field.name}`}>
                      {errors[field.name]}
                    </small>
                  ) : null}
                  {helpOf(field.name) ? (
                    <small className="text-color-secondary">{helpOf(field.name)}</small>
                  ) : null}
                </div>
              </div>
            ))}
          </fieldset>
        ))}
        {formError ? (
          <div className="p-inline-message p-inline-message-error" data-testid="settings-form-error">
            {formError}
          </div>
        ) : null}
        <div className="flex align-items-center gap-3">
          <Button type="submit" label={t('form.submit')} loading={saving} data-testid="settings-submit" />
          {saved ? (
            <span className="text-green-600" data-testid="settings-saved" role="status">
              <i className="pi pi-check mr-1" aria-hidden="true" />
              {t('form.saved')}
            </span>
          ) : null}
        </div>
        {page.panel ? (
          <Suspense fallback={null}>
            {(() => {
              const Panel = PANELS[page.panel];
              return <Panel values={values} category={page.category} />;
            })()}
          </Suspense>
        ) : null}
      </form>
    </div>
  );
}
