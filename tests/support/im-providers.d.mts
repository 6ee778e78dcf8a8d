export type ImSource = 'wecom' | 'dingtalk' | 'feishu';
export declare const PROVIDER_HOSTS: string[];
export interface TestImProviders {
  origin: string;
  certificate: string;
  origins: Record<string, string>;
  apps: Record<ImSource, { id: string; agentId?: string; secret: string }>;
  sms: Record<'alibaba' | 'tencent', { id: string; secret: string }>;
  received: {
    sms: { backend: 'alibaba' | 'tencent'; phone: string; code: string }[];
    messages: { source: ImSource; to: string[]; text: string }[];
  };
  scanAs(source: ImSource, userId: string | null): void;
  visit(url: string): Promise<{ status: number; location: string | null; text: string }>;
  close(): Promise<void>;
}
export declare function startImProviders(): Promise<TestImProviders>;
