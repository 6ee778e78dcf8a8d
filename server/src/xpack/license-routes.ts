import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { saveImportedLicence } from '../data/stores/licences';
import { formatNullableDateTime, requestTimeZone } from '../http/datetime';
import { requestLanguage } from '../http/language';
import { ResponseError } from '../http/api-error';
import { refusalMessage, importedMessage, LICENCE_MAX_BYTES } from '../licence/licence-messages';
import { verifyLicenceText } from '../licence/licence-format.mjs';
import { trustedLicenceKeys } from '../licence/licence-keys';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { currentLicense, licenceFields } from '../plugins/license';
import { requirePerms } from '../rbac/require-perms';

export const LICENSE_DETAIL_URL = '/api/v1/xpack/license/detail';
export const LICENSE_IMPORT_URL = '/api/v1/xpack/license/import';

const MULTIPART_LIMITS = { fileSize: LICENCE_MAX_BYTES, files: 1, fields: 8, parts: 10, fieldSize: 1024 };

/**
 * The licence (docs/licence.md). `GET …/detail` (`settings.view_setting` or `settings.change_license`):
 * `subscription_id`, `corporation`, `date_expired`, `asset_count`, `edition`, plus `is_valid`; without a
 * licence every value is empty and the edition reads "Community edition". `POST …/import`
 * (`settings.change_license`, multipart `file`) verifies the file's signature and stores it: 200
 * `{status: true, msg}`, or 400 `{status: false, msg}` in the user's language, nothing stored.
 */
export function registerLicenseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(LICENSE_DETAIL_URL, async (request) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    requirePerms(org, ['settings.view_setting|settings.change_license']);
    const license = await currentLicense(ctx.db, ctx.config);
    return {
      subscription_id: license.subscriptionId,
      corporation: license.corporation,
      date_expired: formatNullableDateTime(license.dateExpired, requestTimeZone(request.headers['x-tz'])),
      asset_count: license.assetCount,
      edition: license.edition,
      is_valid: license.valid,
    };
  });

  /** The uploaded file's text, or the refusal of the request (no file, too large). */
  const readFile = async (request: FastifyRequest): Promise<string | 'missing' | 'too_large'> => {
    if (!request.isMultipart()) return 'missing';
    let text: string | 'missing' | 'too_large' = 'missing';
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'field') continue;
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        text = part.file.truncated ? 'too_large' : data.toString('utf8');
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!code.startsWith('FST_')) throw error;
      return 'too_large';
    }
    return text;
  };

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false, limits: MULTIPART_LIMITS });
    scope.post(LICENSE_IMPORT_URL, async (request) => {
      const auth = requireAuth(request);
      const org = await resolveRequestOrg(ctx.db, request, auth.access);
      requirePerms(org, ['settings.change_license']);
      const lang = requestLanguage(request);
      const refuse = (reason: Parameters<typeof refusalMessage>[0]) => {
        throw new ResponseError(400, { status: false, msg: refusalMessage(reason, lang) });
      };
      const text = await readFile(request);
      if (text === 'missing' || text === 'too_large') return refuse(text);
      const check = verifyLicenceText(text, trustedLicenceKeys(ctx.config));
      if (!check.ok) return refuse(check.reason);
      const licence = licenceFields(check.license);
      if (licence.dateExpired !== null && licence.dateExpired <= Date.now()) return refuse('expired');
      await saveImportedLicence(ctx.db, {
        content: text,
        importedBy: auth.user.username,
        dateImported: Date.now(),
      });
      return { status: true, msg: importedMessage(lang, licence.corporation) };
    });
  });
}
