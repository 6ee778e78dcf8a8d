import { useState } from 'react';
import { Http, isHttpError, mapServerErrors, useService } from '@bastion/sdk';

/**
 * A save of the profile's own data (docs/profile.md): the state of one small form — saving, done, each
 * field's message from a 400 and a form-level one. What was typed stays with the caller's state.
 */
export function useProfileSave(failedText: string) {
  const http = useService(Http);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const save = async <T>(method: 'put' | 'patch' | 'post', url: string, body: unknown): Promise<T | null> => {
    setSaving(true);
    setDone(false);
    try {
      const answer = await http[method]<T>(url, body, { silent: true });
      setErrors({});
      setFormError(null);
      setDone(true);
      return answer;
    } catch (error) {
      const mapped = mapServerErrors(isHttpError(error) ? error.data : null);
      setErrors(mapped.fields);
      setFormError(mapped.form ?? (Object.keys(mapped.fields).length ? null : failedText));
      return null;
    } finally {
      setSaving(false);
    }
  };
  return { save, errors, formError, saving, done, setDone };
}
