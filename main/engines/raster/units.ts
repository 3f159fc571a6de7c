/** Physical units of raster values: owned by the domain layer (main/domain/units.ts); kept here for old imports. */
export * from '../../domain/units'
