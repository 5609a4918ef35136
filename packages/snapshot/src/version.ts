import packageJson from '../package.json' with { type: 'json' };

/** Names the program in manifests: 'pdb-statistics demo 0.1.0'. */
export const DEMO_GENERATOR = `pdb-statistics demo ${packageJson.version}`;
