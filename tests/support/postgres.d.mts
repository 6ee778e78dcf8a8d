export interface PostgresServer {
  port: number;
  dir: string;
  adminUrl: string;
  urlOf(database: string): string;
  createDatabase(name: string, template?: string | null): Promise<string>;
  createSchema(database: string, schema: string): Promise<string>;
  dropSchema(database: string, schema: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): void;
}
export declare function postgresBinDir(): string | null;
export declare function startPostgres(): Promise<PostgresServer>;
