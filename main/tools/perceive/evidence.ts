/** The evidence perceive must return, per mode (DESIGN section 3; declared beside the arguments, see protocol.ts). */
import type { EvidenceDeclaration } from '../protocol'

export const PERCEIVE_EVIDENCE: EvidenceDeclaration = {
  'perceive:*': { source: ['backend'], intermediate: [], validity: ['layer_status', 'geometry'] },
  'perceive:regions': {
    source: ['backend', 'method', 'gsd_source'],
    intermediate: ['pixel_counts', 'valid_pixels'],
    validity: ['layer_status', 'geometry', 'tile_coverage', 'layer_paths'],
  },
  'perceive:change': {
    source: ['backend', 'method', 'gsd_source'],
    intermediate: ['pixel_counts', 'valid_pixels'],
    validity: ['layer_status', 'geometry', 'tile_coverage', 'layer_paths'],
  },
  'perceive:objects': {
    source: ['backend', 'model', 'thresholds'],
    intermediate: ['boxes', 'confidences', 'filtered'],
    validity: ['layer_status', 'geometry', 'tile_coverage', 'layer_paths'],
  },
  'perceive:scene': { source: ['backend', 'model', 'label_space'], intermediate: ['predictions'], validity: ['layer_status', 'geometry'] },
  'perceive:document': { source: ['backend', 'model'], intermediate: ['lines'], validity: ['layer_status', 'geometry'] },
  'perceive:evidence': { source: ['backend', 'model'], intermediate: ['answer'], validity: ['layer_status', 'geometry'] },
  'perceive:measurement': { source: ['backend', 'model'], intermediate: ['points', 'scale_bar'], validity: ['layer_status', 'geometry'] },
}
