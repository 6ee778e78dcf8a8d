export declare const schema: {
  $id: string;
  $defs: Record<string, { pattern?: string } & Record<string, unknown>>;
};
export type ManifestForm = 'source' | 'built';
export interface ManifestCheck {
  ok: boolean;
  /** "<json pointer>: <what is wrong>", one per problem */
  problems: string[];
}
export declare function validateManifest(
  manifest: unknown,
  form: ManifestForm,
  folder?: string,
): ManifestCheck;
