import { DEMO_ATTRIBUTES } from '@pdb-stats/demo';
import { AttributeSet } from '@pdb-stats/search-model';

/** The attributes a demo archive holds, for engines that tests write by hand. */
export const DEMO_HELD = new AttributeSet(DEMO_ATTRIBUTES);
