import fs from 'node:fs';
import path from 'node:path';

const rootPackage = path.resolve(import.meta.dirname, '../../../package.json');
export const VERSION: string = JSON.parse(fs.readFileSync(rootPackage, 'utf8')).version;
