import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { csrfFailed, permissionDenied, ResponseError } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { currentLicense } from '../plugins/license';
import { requirePerms } from '../rbac/require-perms';
import { SettingsCache } from '../settings/settings-cache';
import { DEFAULT_LOGIN_TITLE } from '../settings/settings-catalogue';
import { validateSettings } from '../settings/settings-validation';
import { categoryValues } from '../settings/settings-values';
import { IMMUTABLE, REVALIDATE } from '../ui/cache-policy';
import { sendWithCaching } from '../ui/send-file';
import {
  deleteInterfaceImages,
  findInterfaceImage,
  saveInterfaceImage,
  type InterfaceImage,
} from '../data/stores/interface-images';
import {
  checkImage,
  digestOf,
  IMAGE_URL,
  isImageSlot,
  MAX_IMAGE_BYTES,
  publishedImageUrls,
  tooLargeMessage,
} from './interface-images';

export const INTERFACE_URL = '/api/v1/xpack/interface/setting';
export const INTERFACE_RESTORE_URL = '/api/v1/xpack/interface/restore';

/** At most the title and the four images, plus a few fields a v2.21 client sends along (ignored). */
const MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 4, fields: 16, parts: 20, fieldSize: 64 * 1024 };

/**
 * The interface settings (docs/interface.md): the login title and the uploaded images, the images served
 * to anybody (the login page shows them) with caching. Changing them takes `settings.change_interface`
 * and a valid licence (an extended-edition page in v2.21).
 */
export async function registerInterfaceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const current = async () => ({
    login_title: (await categoryValues(ctx.db, ctx.config, 'interface')).LOGIN_TITLE,
    ...(await publishedImageUrls(ctx.db, ctx.uiDir)),
  });

  const authorize = async (request: FastifyRequest, write: boolean) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    requirePerms(org, write ? ['settings.change_interface'] : ['settings.view_setting']);
    if (write && !(await currentLicense(ctx.db, ctx.config)).valid) throw permissionDenied();
    return auth;
  };

  /** The title and images of a request, checked; nothing is saved when anything is refused. */
  const readUpload = async (request: FastifyRequest) => {
    const lang = requestLanguage(request);
    const errors: Record<string, string[]> = {};
    const images: InterfaceImage[] = [];
    let fields: Record<string, unknown> = {};
    if (request.isMultipart()) {
      try {
        for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
          if (part.type === 'field') {
            if (part.fieldname === 'login_title') fields.login_title = part.value;
            continue;
          }
          const data = await part.toBuffer();
          // A slot sent as a file replaces its image; any other file is read and dropped.
          if (!isImageSlot(part.fieldname)) continue;
          const checked = part.file.truncated ? { error: tooLargeMessage(lang) } : checkImage(data, lang);
          if ('error' in checked) errors[part.fieldname] = [checked.error];
          else
            images.push({
              slot: part.fieldname,
              contentType: checked.contentType,
              data,
              digest: digestOf(data),
            });
        }
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (!code.startsWith('FST_')) throw error;
        throw new ResponseError(400, { non_field_errors: [(error as Error).message] });
      }
    } else if (request.body && typeof request.body === 'object') {
      fields = request.body as Record<string, unknown>;
    }
    let title: Record<string, unknown> = {};
    if (fields.login_title !== undefined) {
      try {
        title = validateSettings('interface', { LOGIN_TITLE: fields.login_title }, true, lang);
      } catch (error) {
        if (!(error instanceof ResponseError)) throw error;
        errors.login_title = (error.body as { LOGIN_TITLE: string[] }).LOGIN_TITLE;
      }
    }
    if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
    return { title, images };
  };

  await app.register(async (scope) => {
    // Multipart is parsed here only: with throwFileSizeLimit off a too large file is reported as a field
    // error, not as an aborted request.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false, limits: MULTIPART_LIMITS });

    scope.get(INTERFACE_URL, async (request) => {
      await authorize(request, false);
      return current();
    });

    const save = async (request: FastifyRequest) => {
      const auth = await authorize(request, true);
      const { title, images } = await readUpload(request);
      await ctx.db.transaction(async () => {
        for (const image of images) await saveInterfaceImage(ctx.db, image, auth.user.username);
      });
      if (Object.keys(title).length > 0)
        await SettingsCache.of(ctx.db).save('interface', title, auth.user.username);
      return current();
    };
    scope.put(INTERFACE_URL, save);
    scope.patch(INTERFACE_URL, save);
  });

  /**
   * Back to the defaults. v2.21 restores on a plain GET, which any page could trigger with the user's
   * cookies: here a GET must carry the X-CSRFToken header like any write (docs/security.md).
   */
  const restore = async (request: FastifyRequest) => {
    const auth = await authorize(request, true);
    if (
      auth.via === 'session' &&
      request.method === 'GET' &&
      request.headers['x-csrftoken'] !== auth.csrfToken
    )
      throw csrfFailed();
    await deleteInterfaceImages(ctx.db);
    await SettingsCache.of(ctx.db).save(
      'interface',
      { LOGIN_TITLE: DEFAULT_LOGIN_TITLE },
      auth.user.username,
    );
    return current();
  };
  app.get(INTERFACE_RESTORE_URL, restore);
  app.post(INTERFACE_RESTORE_URL, restore);

  /**
   * An uploaded image, to anybody (the login page shows them before sign-in). Asked for with its current
   * version it is cached for a year; otherwise revalidated. Served so that it can never run as a page.
   */
  app.get<{ Params: { slot: string }; Querystring: { v?: string } }>(
    `${IMAGE_URL}:slot/`,
    async (request, reply: FastifyReply) => {
      const image = isImageSlot(request.params.slot)
        ? await findInterfaceImage(ctx.db, request.params.slot)
        : null;
      if (!image) return reply.code(404).header('cache-control', 'no-cache').send({ detail: 'Not found.' });
      const versioned = request.query.v === image.digest.slice(0, 16);
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline');
      return sendWithCaching(
        request,
        reply,
        image.data,
        image.contentType,
        versioned ? IMMUTABLE : REVALIDATE,
      );
    },
  );
}
