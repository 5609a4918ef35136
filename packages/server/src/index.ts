export { buildApp, type AppOptions } from './app.ts';
export { readConfig, type ServerConfig } from './config.ts';
export { openDuckDbEngine, type Engine, type ArchiveInfo } from './engine/index.ts';
