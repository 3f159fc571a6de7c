/** How exact a geometry is (DESIGN section 3): the same two words as the observation protocol's GeometryFlag. */
export type GeometryFlag = 'exact' | 'approximate'
