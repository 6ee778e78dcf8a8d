export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}
export interface TestSmtpServer {
  port: number;
  messages: ReceivedMail[];
  certificate: string;
  waitForMessage(predicate?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}
export declare function startSmtpServer(options?: {
  auth?: { user: string; pass: string } | null;
  tls?: 'ssl' | 'starttls' | 'none';
}): Promise<TestSmtpServer>;
