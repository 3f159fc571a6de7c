import { describe, expect, it } from 'vitest'
import { loadCardLibrary } from '../../../../main/tools/retrieve/cards'
import { CardRanker, processTerm, sStem, tokenize } from '../../../../main/tools/retrieve/ranker'

/**
 * Questions as analysts would type them, each with the card that should come first. The first 35 were used while
 * writing the cards' tags (one miss on the first run: Sentinel-2 NDWI bands went to the Sentinel-2 card); the last
 * 12 were written afterwards and ranked right on their first run.
 */
const QUERIES: [string, string][] = [
  ['how do I remove clouds from Landsat 8 surface reflectance using the QA band?', 'knowledge.landsat_qa_pixel'],
  ['which bit of QA_PIXEL flags cloud shadow', 'knowledge.landsat_qa_pixel'],
  ['is the NDVI trend over these years significant?', 'recipe.temporal_trend'],
  ['compute sens slope and mann kendall for annual mean LST', 'recipe.temporal_trend'],
  ['what inputs does split-window LST need? I only have band 31 and 32 brightness temperatures', 'recipe.split_window_lst'],
  ['which LST method needs emissivity for both bands', 'recipe.thermal_raster_products'],
  ['how to calculate TVDI from NDVI and land surface temperature', 'recipe.tvdi'],
  ['dry edge and wet edge fitting', 'recipe.tvdi'],
  ['MODIS LST scale factor to kelvin', 'knowledge.modis_products'],
  ['what is the fill value of MOD13Q1 NDVI', 'knowledge.modis_products'],
  ['convert Landsat band 10 digital numbers to brightness temperature', 'knowledge.brightness_temperature'],
  ['estimate land surface temperature from landsat 8 band 10 and ndvi', 'recipe.single_channel_lst'],
  ['typical emissivity of bare soil and water', 'knowledge.land_surface_emissivity'],
  ['how many square metres is one pixel at 0.3 m resolution', 'knowledge.gsd_and_area'],
  ['area of detected buildings in square meters from the mask with GSD', 'recipe.area_from_pixels'],
  ['distance between the two closest ships in metres', 'recipe.area_from_pixels'],
  ['what percentage of the region has TVDI above 0.75', 'recipe.threshold_fraction'],
  ['which bands do I use for NDWI on Sentinel-2', 'recipe.normalized_difference'],
  ['sentinel-2 L2A reflectance offset after 2022', 'knowledge.sentinel2_bands'],
  ['how to tell if an image is SAR or optical', 'knowledge.image_modalities'],
  ['burn severity classes for dNBR', 'knowledge.spectral_index_ranges'],
  ['what NDVI value means dense vegetation', 'knowledge.spectral_index_ranges'],
  ['nighttime light intensity per unit area as a population proxy', 'knowledge.nighttime_lights'],
  ['estimate water vapour from MODIS bands b17 b18 b19', 'recipe.pwv_band_ratio'],
  ['apparent thermal inertia from albedo and day night temperature', 'recipe.apparent_thermal_inertia'],
  ['the mean NDVI is dragged toward zero by nodata pixels', 'knowledge.nodata_and_scaling'],
  ['false changes caused by misregistration between the two dates', 'knowledge.change_detection_caveats'],
  ['detect buildings destroyed between the before and after images', 'recipe.change_differencing'],
  ['count small cars in a very large aerial image', 'recipe.object_counting'],
  ['monthly average and annual mean of per-date values with missing dates', 'recipe.period_statistics'],
  ['how do I chain asset catalog, raster product and batch reduce in a DAG', 'cap.dag_contract'],
  ['which perceive mode should I use to segment water surfaces', 'cap.visual'],
  ['measure the distance with gsd and declared sources', 'cap.compute'],
  ['is autocorrelation a problem for the Mann-Kendall test with 8-day data', 'knowledge.trend_interpretation'],
  ['landsat 5 red band number', 'knowledge.landsat_bands'],
  ['my cloud mask for Landsat keeps snow pixels, which value should I test', 'knowledge.landsat_qa_pixel'],
  ['temperature emissivity separation with ASTER five thermal bands', 'recipe.thermal_raster_products'],
  ['what does a p value of 0.2 mean for my trend', 'knowledge.trend_interpretation'],
  ['how big is a MODIS 1 km pixel really', 'knowledge.gsd_and_area'],
  ['vegetation appears red in this picture, what kind of image is it', 'knowledge.image_modalities'],
  ['snow threshold for NDSI', 'knowledge.spectral_index_ranges'],
  ['K1 and K2 constants for TIRS band 11', 'knowledge.brightness_temperature'],
  ['hotspots defined as 50% above the mean: what share of pixels', 'recipe.threshold_fraction'],
  ['kurtosis of daily fire pixel counts', 'recipe.period_statistics'],
  ['Sentinel-2 scene classification cloud classes', 'knowledge.sentinel2_bands'],
  ['DMSP saturation in city centres', 'knowledge.nighttime_lights'],
  ['rank images by the number of storage tanks', 'recipe.object_counting'],
]

describe('card ranking', () => {
  const ranker = new CardRanker(loadCardLibrary().cards)

  it('puts the right card first for at least 20 user phrasings', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(20)
    const misses = QUERIES.filter(([q, want]) => ranker.rank(q)[0]?.id !== want).map(([q, want]) => `${want} <- ${q}`)
    expect(misses).toEqual([])
  })

  it('ranks by descending score and filters by kind', () => {
    const all = ranker.rank('land surface temperature from thermal bands')
    expect(all.length).toBeGreaterThan(3)
    for (let i = 1; i < all.length; i++) expect(all[i].score).toBeLessThanOrEqual(all[i - 1].score)
    const lib = loadCardLibrary()
    const kindOf = new Map(lib.cards.map((c) => [c.id, c.kind]))
    const onlyKnowledge = ranker.rank('land surface temperature from thermal bands', ['knowledge'])
    expect(onlyKnowledge.length).toBeGreaterThan(0)
    expect(onlyKnowledge.every((r) => kindOf.get(r.id) === 'knowledge')).toBe(true)
  })

  it('finds nothing for words no card contains', () => {
    expect(ranker.rank('zzqx plover')).toEqual([])
  })
})

describe('term processing', () => {
  it('stems plural endings only and keeps technical terms', () => {
    expect(['clouds', 'indices', 'images', 'bands', 'class', 'analysis', 'kelvin', 'ships'].map(sStem)).toEqual([
      'cloud', 'indice', 'image', 'band', 'class', 'analysis', 'kelvin', 'ship',
    ])
    expect(sStem('properties')).toBe('property')
  })

  it('drops stop words and folds spellings', () => {
    expect(processTerm('The')).toBeNull()
    expect(processTerm('Colors')).toBe('colour')
    expect(processTerm('Meters')).toBe('metre')
    expect(processTerm('Émissivité')).toBe('emissivite')
  })

  it('splits ids and band names but keeps decimals', () => {
    expect(tokenize('QA_PIXEL sr_b4 0.940 um recipe.tvdi')).toEqual(['QA', 'PIXEL', 'sr', 'b4', '0.940', 'um', 'recipe', 'tvdi'])
  })
})
