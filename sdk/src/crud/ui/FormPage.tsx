import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isHttpError } from '../../http/HttpError';
import { mapServerErrors } from '../errors';
import {
  buildFormGroups,
  cleanValues,
  cloneObject,
  initialValues,
  type FieldOverride,
  type FieldsLayout,
  type FormGroup,
} from '../formFields';
import { fieldsOf, liftNested, loadMetadata } from '../metadata';
import { crudPaths, detailUrl, urlPath } from '../routes';
import { FormFields } from './FormFields';
import { useKit, useToast, type Flash } from './kit';
import { scrollToFirstError, useFormState } from './useForm';

/** Post-save redirect delay (docs/limits.md). */
export const POST_SAVE_REDIRECT_MS = 100;

export type FormMode = 'create' | 'update';

export interface FormPageProps {
  /** List API URL. */
  url: string;
  /** Names or `[groupTitle, names]` groups; default every writable field. */
  fields?: FieldsLayout;
  fieldsMeta?: Readonly<Record<string, FieldOverride>>;
  /** Initial values of a new object (after metadata defaults). */
  initial?: Record<string, unknown> | ((search: URLSearchParams) => Record<string, unknown>);
  /** Route path of the list; default derived from the current path (…/create, …/:id/update). */
  basePath?: string;
  /** Change the body before it is sent. */
  transform?: (values: Record<string, unknown>, mode: FormMode) => Record<string, unknown>;
  /** Send it yourself (e.g. PATCH a settings URL); default POST list / PUT detail. */
  submit?: (
    values: Record<string, unknown>,
    mode: FormMode,
    id: string | undefined,
  ) => Promise<Record<string, unknown>>;
  /** Fields of an update form differ (e.g. password strategy only on create). */
  updateFields?: FieldsLayout;
  /** Offer "save and add another" on create (default true). */
  saveAndAdd?: boolean;
  /** Where to go after saving; default the list. */
  afterSave?: (object: Record<string, unknown>, mode: FormMode) => string | null;
  /** Page heading (plugin i18n key); default none (the shell shows the route title). */
  title?: string;
  /** Nested fields whose children are laid out as fields of their own (`transform` nests them back). */
  liftNested?: readonly string[];
  /** Extra content above the fields (e.g. a help alert). */
  header?: ReactNode;
  testId?: string;
}

function derivedBase(pathname: string): string {
  return pathname
    .replace(/\/+$/, '')
    .replace(/\/create$/, '')
    .replace(/\/[^/]+\/update$/, '');
}

/**
 * The generic create/update page (docs/crud.md#form-page): fields from OPTIONS POST/PUT, clone
 * from `?clone_from=`, POST or PUT, 400 errors on their fields, success message linking to the detail,
 * back to the list after 100 ms unless "save and add another".
 */
export function FormPage(props: FormPageProps) {
  const kit = useKit();
  const { http, t, pt } = kit;
  const { id } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mode: FormMode = id ? 'update' : 'create';
  const cloneFrom = mode === 'create' ? search.get('clone_from') : null;
  const basePath = props.basePath ?? derivedBase(location.pathname);
  const paths = crudPaths(basePath);
  const listUrl = urlPath(props.url);
  const [groups, setGroups] = useState<FormGroup[] | null>(null);
  const [initial, setInitial] = useState<Record<string, unknown>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const { toast, show } = useToast();
  const form = useFormState(groups ?? [], t, pt);
  const initialProp = props.initial;

  useEffect(() => {
    let alive = true;
    const objectId = id ?? cloneFrom;
    Promise.all([
      loadMetadata(http, props.url).catch(() => ({})),
      objectId
        ? http.get<Record<string, unknown>>(detailUrl(listUrl, objectId), { silent: true })
        : Promise.resolve(null),
    ])
      .then(([meta, object]) => {
        if (!alive) return;
        const layout = mode === 'update' ? (props.updateFields ?? props.fields) : props.fields;
        const fields = fieldsOf(meta, mode === 'update' ? 'PUT' : 'POST');
        const g = buildFormGroups({
          meta: props.liftNested ? liftNested(fields, props.liftNested) : fields,
          fields: layout,
          fieldsMeta: props.fieldsMeta,
        });
        const source = object && cloneFrom ? cloneObject(object, t('form.cloneFrom')) : object;
        const given = typeof initialProp === 'function' ? initialProp(search) : initialProp;
        const values = initialValues(g, { object: source, initial: given });
        setGroups(g);
        setInitial(values);
        form.reset(values);
      })
      .catch((error: unknown) => {
        if (!alive) return;
        setLoadError(
          isHttpError(error) && error.status === 404
            ? t('detail.notFound')
            : String((error as Error).message ?? error),
        );
      });
    return () => {
      alive = false;
    };
    // The page is keyed by its path: metadata and object load once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, props.url, id, cloneFrom]);

  const knownFields = useMemo(
    () => new Set((groups ?? []).flatMap((g) => g.fields.map((f) => f.name))),
    [groups],
  );

  const save = async (addAnother: boolean): Promise<void> => {
    if (!groups) return;
    setFormError(null);
    const errors = form.validateAll();
    if (Object.keys(errors).length) {
      root.current?.dispatchEvent(new CustomEvent('invalid', { detail: errors }));
      setTimeout(() => scrollToFirstError(root.current, errors), 0);
      return;
    }
    let body = cleanValues(groups, form.values);
    if (props.transform) body = props.transform(body, mode);
    setBusy(true);
    const formHref = window.location.href;
    try {
      const saved = props.submit
        ? await props.submit(body, mode, id)
        : mode === 'update'
          ? await http.put<Record<string, unknown>>(detailUrl(listUrl, id!), body)
          : await http.post<Record<string, unknown>>(listUrl, body);
      const name = String(saved?.name ?? saved?.hostname ?? saved?.username ?? '');
      const flash: Flash = {
        severity: 'success',
        text: t(mode === 'update' ? 'message.updateSuccessName' : 'message.createSuccessName', { name }),
        ...(saved?.id ? { link: { label: t('form.viewDetail'), to: paths.detail(String(saved.id)) } } : {}),
      };
      if (addAnother && mode === 'create') {
        show(flash);
        form.reset(initial);
        window.scrollTo?.(0, 0);
        return;
      }
      const target = props.afterSave?.(saved ?? {}, mode) ?? paths.list;
      // A person who moved to another page while the save ran stays there (docs/crud.md#form-page).
      setTimeout(() => {
        if (window.location.href === formHref) navigate(target, { state: { flash } });
      }, POST_SAVE_REDIRECT_MS);
    } catch (error) {
      if (isHttpError(error) && error.status === 400) {
        const mapped = mapServerErrors(error.data, knownFields);
        form.setErrors(mapped.fields);
        setFormError(mapped.form);
        setTimeout(() => scrollToFirstError(root.current, mapped.fields), 0);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <Message severity="error" text={loadError} data-testid="form-load-error" />;
  if (!groups)
    return (
      <div className="flex justify-content-center p-5" data-testid="form-loading">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} />
      </div>
    );

  return (
    <form
      ref={root}
      className="surface-card p-4 border-round shadow-1 flex flex-column gap-3"
      style={{ maxWidth: '60rem' }}
      data-testid={props.testId ?? 'crud-form'}
      data-mode={mode}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      {toast}
      {props.title ? <h2 className="m-0 text-xl">{pt(props.title)}</h2> : null}
      {props.header}
      {formError ? (
        <Message
          severity="error"
          text={formError}
          className="w-full justify-content-start"
          data-testid="form-error"
        />
      ) : null}
      <FormFields
        groups={groups}
        values={form.values}
        errors={form.errors}
        onChange={form.onChange}
        onBlur={form.onBlur}
        translate={pt}
        disabled={busy}
      />
      <div className="flex gap-2 justify-content-end pt-2 border-top-1 surface-border">
        <Button
          type="button"
          text
          label={t('action.cancel')}
          onClick={() => navigate(-1)}
          data-testid="form-cancel"
        />
        {mode === 'update' ? (
          <Button
            type="button"
            outlined
            label={t('action.reset')}
            onClick={() => form.reset(initial)}
            data-testid="form-reset"
          />
        ) : null}
        {mode === 'create' && props.saveAndAdd !== false ? (
          <Button
            type="button"
            outlined
            label={t('form.saveAndAdd')}
            loading={busy}
            onClick={() => void save(true)}
            data-testid="form-save-add"
          />
        ) : null}
        <Button type="submit" label={t('action.submit')} loading={busy} data-testid="form-submit" />
      </div>
    </form>
  );
}

export default FormPage;
