import type { QueryNode, ReturnType, SearchRequest } from '@pdb-stats/search-model';
import { requestAttributes } from '@pdb-stats/charts';
export { chartAttributes, chartQueryAttributes, requestAttributes } from '@pdb-stats/charts';

/** Which metadata schema describes the attributes of a request: the chemical one for small molecules. */
export type MetadataKind = 'structure' | 'chemical';

export function metadataKindOf(returnType: ReturnType): MetadataKind {
  return returnType === 'mol_definition' ? 'chemical' : 'structure';
}

/**
 * Every attribute a request names, with the metadata schemas that may list it. A condition of the
 * query is read by its service: `text_chem` searches the chemical schema; `text` resolves a path of
 * either (so a scope of structure attributes counts the small molecules of those structures, and a
 * bar of a small-molecule chart is a `text` condition on a chemical attribute). Facets and sort are
 * read on the return type's own schema.
 */
export function requestAttributeSchemas(request: SearchRequest): Map<string, MetadataKind[]> {
  const schemas = new Map<string, MetadataKind[]>();
  const add = (path: string, kinds: readonly MetadataKind[]) =>
    schemas.set(path, [...new Set([...(schemas.get(path) ?? []), ...kinds])]);
  const visit = (node: QueryNode) => {
    if (node.type === 'group') node.nodes.forEach(visit);
    else if (node.parameters)
      add(node.parameters.attribute, node.service === 'text_chem' ? ['chemical'] : ['structure', 'chemical']);
  };
  if (request.query) visit(request.query);
  const { query: _query, ...rest } = request;
  for (const path of requestAttributes(rest)) add(path, [metadataKindOf(request.return_type)]);
  return schemas;
}
