/** The compact JSON rendering for model prompts: owned by the domain layer (main/domain/compact-json.ts). */
export { compactJson, type CompactOptions } from '../domain/compact-json'
