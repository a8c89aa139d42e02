"""Text processing for Chinese and English: normalisation, the shared tokenizer, sentences, language.

>>> from chronomem.text import tokenize, query_terms
>>> tokenize("我上周搬到了Berlin")
['我', '上周', '搬到', '了', 'berlin']
>>> query_terms("What did I say about Berlin?")
['berlin']
"""

from __future__ import annotations

from ._language import LanguageCode, detect_language
from ._normalise import normalise, to_half_width, to_simplified
from ._sentences import split_sentences
from ._stopwords import EN_QUERY_STOPWORDS, ZH_QUERY_STOPWORDS
from ._tokenize import CHAR_MARK, Tokenizer, char_terms, default_tokenizer, query_terms, tokenize

__all__ = [
    "CHAR_MARK",
    "EN_QUERY_STOPWORDS",
    "ZH_QUERY_STOPWORDS",
    "LanguageCode",
    "Tokenizer",
    "char_terms",
    "default_tokenizer",
    "detect_language",
    "normalise",
    "query_terms",
    "split_sentences",
    "to_half_width",
    "to_simplified",
    "tokenize",
]
